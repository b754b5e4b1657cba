import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** a browser's side of a subscription: what it gives the server, and the secrets it keeps */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** the private ECDH key and auth secret only the browser holds */
  privateKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  /** the path id of the endpoint it was sent to */
  id: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the decrypted payload (null when it could not be decrypted) */
  payload: unknown;
  /** the VAPID token's claims, once its signature checked out against `k` */
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } } | null;
}

/**
 * Plays a browser push service (RFC 8030) on a local port: endpoints are
 * http://127.0.0.1:<port>/push/<id>; each message is recorded, decrypted as the browser would
 * (RFC 8291, aes128gcm) and its VAPID header verified (RFC 8292). An endpoint can be told to
 * answer another status (410: the subscription is gone).
 */
export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  private readonly subscriptions = new Map<string, BrowserSubscription>();
  private readonly statuses = new Map<string, number>();
  private server!: Server;
  private base = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = (req.url ?? '').replace(/^\/push\//, '');
        const status = this.statuses.get(id) ?? 201;
        const sub = this.subscriptions.get(id);
        const body = Buffer.concat(chunks);
        this.received.push({
          id,
          status,
          headers: req.headers,
          payload: sub && req.headers['content-encoding'] === 'aes128gcm' ? safeJson(() => decryptAes128gcm(body, sub)) : null,
          vapid: verifyVapid(req.headers.authorization),
        });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** a new browser subscription on this push service */
  subscribe(): BrowserSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const sub: BrowserSubscription = {
      endpoint: `${this.base}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      privateKey: ecdh.getPrivateKey(),
      authSecret,
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  /** what the endpoint answers from now on */
  answer(sub: BrowserSubscription, status: number) {
    this.statuses.set(idOf(sub), status);
  }

  /** the messages sent to this subscription */
  to(sub: BrowserSubscription): ReceivedPush[] {
    return this.received.filter((r) => r.id === idOf(sub));
  }
}

const idOf = (sub: BrowserSubscription) => sub.endpoint.split('/push/')[1]!;

function safeJson(decrypt: () => Buffer): unknown {
  try {
    return JSON.parse(decrypt().toString('utf8'));
  } catch {
    return null;
  }
}

/** RFC 8291 §3-4 with RFC 8188's aes128gcm framing, from the user agent's side */
export function decryptAes128gcm(body: Buffer, sub: Pick<BrowserSubscription, 'privateKey' | 'authSecret' | 'keys'>): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const receiverPublic = Buffer.from(sub.keys.p256dh, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end);
}

/** `vapid t=<JWT>, k=<public key>`: the ES256 signature must verify with k */
function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  return ok ? { publicKey: k, claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) } : null;
}
