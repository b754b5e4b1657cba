import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string }; current_period_end: number | null }[] };
  latest_invoice: { id: string; object: 'invoice'; confirmation_secret: { client_secret: string; type: 'payment_intent' } | null } | string;
}

export interface StandInRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/**
 * A local HTTP server that answers the part of Stripe's API billing uses (customers: create,
 * delete; subscriptions: create, retrieve, update, cancel), in Stripe's shapes and with Stripe's
 * form-encoded requests, so the real `stripe` SDK adapter can be run without the network.
 * `pay(subscriptionId)` is what Stripe does when Elements confirms the payment.
 */
export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  private server!: Server;
  /** the next subscription's creation waits for `release` (see holdNextSubscription) */
  private held: { arrived: () => void; released: Promise<void> } | null = null;
  /** Stripe is away: every call answers 503 (and tells the SDK not to retry it), until set back */
  down = false;
  url = '';

  /** The next creation of a subscription waits, once it arrived (`reached`), until `release()`: a slow Stripe, to race against. */
  holdNextSubscription(): { reached: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    this.held = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
    return { reached, release };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', async () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const form = new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : body);
        this.requests.push({ method: req.method ?? '', path: url.pathname, form, headers: req.headers });
        if (this.down) {
          res.writeHead(503, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'Service unavailable' } }));
          return;
        }
        const held = this.held;
        if (held && req.method === 'POST' && url.pathname === '/v1/subscriptions') {
          this.held = null;
          held.arrived();
          await held.released;
        }
        const [status, answer] = this.answer(req.method ?? '', url.pathname, form, req.headers.authorization ?? '');
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** the card payment succeeded (Stripe, after Elements' confirmPayment): the subscription is active for a month */
  pay(subscriptionId: string, periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600) {
    const s = this.subscriptions.get(subscriptionId)!;
    s.status = 'active';
    s.items.data[0].current_period_end = periodEnd;
    s.latest_invoice = { id: id('in'), object: 'invoice', confirmation_secret: null };
  }

  /** what Stripe does when a renewal's payment fails: the next period starts, its invoice stays open (`past_due`) */
  failRenewal(subscriptionId: string) {
    const s = this.subscriptions.get(subscriptionId)!;
    s.status = 'past_due';
    s.items.data[0].current_period_end = (s.items.data[0].current_period_end ?? Math.floor(Date.now() / 1000)) + 30 * 24 * 3600;
    s.latest_invoice = { id: id('in'), object: 'invoice', confirmation_secret: { client_secret: `${id('pi')}_secret_${randomBytes(8).toString('hex')}`, type: 'payment_intent' } };
  }

  private answer(method: string, path: string, form: URLSearchParams, auth: string): [number, unknown] {
    if (!auth.startsWith('Bearer sk_test_')) return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
    const metadata = (prefix = 'metadata') => Object.fromEntries([...form].filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.get('email'), metadata: metadata() };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = form.get('customer') ?? '';
      if (!this.customers.has(customer)) return [400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customer}'` } }];
      const subscription: StandInSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: form.get('payment_behavior') === 'default_incomplete' ? 'incomplete' : 'active',
        cancel_at_period_end: false,
        metadata: metadata(),
        items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price: { id: form.get('items[0][price]') ?? '' }, current_period_end: null }] },
        latest_invoice: { id: id('in'), object: 'invoice', confirmation_secret: { client_secret: `${id('pi')}_secret_${randomBytes(8).toString('hex')}`, type: 'payment_intent' } },
      };
      this.subscriptions.set(subscription.id, subscription);
      return [200, subscription];
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (customerPath && method === 'DELETE') {
      // Stripe cancels the customer's subscriptions at once, and keeps them (and their invoices)
      if (!this.customers.delete(customerPath[1])) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customerPath[1]}'` } }];
      for (const s of this.subscriptions.values()) if (s.customer === customerPath[1]) s.status = 'canceled';
      return [200, { id: customerPath[1], object: 'customer', deleted: true }];
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const subscription = match ? this.subscriptions.get(match[1]) : undefined;
    if (match && !subscription) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${match[1]}'` } }];
    if (subscription && method === 'GET') return [200, subscription];
    if (subscription && method === 'POST') {
      if (form.has('cancel_at_period_end')) subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      return [200, subscription];
    }
    if (subscription && method === 'DELETE') {
      subscription.status = 'canceled';
      return [200, subscription];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }
}
