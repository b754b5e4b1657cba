import { ErrorCodes, Messages, tooManyRequests } from '@aero/contracts';
import type { RateLimiter } from '@aero/ports';
import { applyDecorators, type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { accountEmail, DeviceCookies } from '../auth/device-cookie.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { clientNetworks } from './client-network.js';
import { ErrorBodySchema } from '../openapi/schemas/common.schema.js';

/** steps limited per signed-in member only (no per-IP count) */
const MEMBER_STEP_NAMES = ['upload', 'swipe', 'deck', 'safety', 'message', 'read', 'layover', 'location', 'subscription', 'connect'] as const;
type MemberStep = (typeof MEMBER_STEP_NAMES)[number];
const MEMBER_STEPS = new Set<LimitedStep>(MEMBER_STEP_NAMES);

/** The rate-limited steps: the account steps (limited per account and per client IP) and the member steps (per member). */
export type LimitedStep = 'signup' | 'login' | 'verify' | 'resend' | 'forgot' | 'reset' | 'change-password' | MemberStep;
const isMemberStep = (step: LimitedStep): step is MemberStep => MEMBER_STEPS.has(step);

const RATE_LIMIT = 'rateLimit';
/** failed attempts of an IPv6 site (a /48: many /64s, each counted as one client) may reach this many times one client's */
const SITE_FAILURES_FACTOR = 4;
/** limits the route to its step's budget; the API description says so (429 with Retry-After) */
export const RateLimit = (step: LimitedStep) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT, step),
    ApiTooManyRequestsResponse({
      description: `Too many requests (code \`rate_limited\`, step \`${step}\`): try again after Retry-After seconds${step === 'upload' ? "; or another upload of the member's is still running (code `upload_in_progress`, no Retry-After): one at a time" : ''}`,
      type: ErrorBodySchema,
      headers: { 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } },
    }),
  );

declare module 'fastify' {
  interface FastifyRequest {
    /** set on rate-limited account steps: the request holds a failed attempt of this IP, kept on a 4xx answer, given back on any other */
    holdsFailure?: boolean;
  }
}

/** The account a request is about: the email, or for a reset the token (hashed: limiter keys are not secrets). */
function accountOf(step: LimitedStep, request: FastifyRequest): string | undefined {
  const body = (request.body ?? {}) as { email?: unknown; token?: unknown };
  if (MEMBER_STEPS.has(step) || step === 'change-password') return request.sessionUser?.id;
  if (step === 'reset') return typeof body.token === 'string' && body.token ? createHash('sha256').update(body.token).digest('hex') : undefined;
  return accountEmail(body.email);
}

/** 429 with Retry-After (the longest wait) when any of the decisions refuses */
function refuseUnlessAllowed(decisions: Array<{ allowed: boolean; retryAfterSeconds: number }>) {
  const refused = decisions.filter((d) => !d.allowed);
  if (!refused.length) return;
  const retryAfter = Math.max(...refused.map((d) => d.retryAfterSeconds));
  throw tooManyRequests(Messages.rateLimited, ErrorCodes.rateLimited, retryAfter);
}

/**
 * The limits of the account steps, per account AND per client IP: every request counts against
 * the account (from anywhere) and against the IP (generously: many honest members share a crew
 * hotel's address), and failed attempts count against the IP with a tight limit, so a guessing
 * or spraying run stops while successful use from a shared address goes on. An IPv6 client
 * counts by its /64, and its failures by its /48 too, at SITE_FAILURES_FACTOR times the limit
 * (clientNetworks). Uploads count per member. Memory or Redis counters (the
 * rate-limit port), shared by every gateway.
 */
@Injectable()
export class RateLimits {
  private readonly perAccount: RateLimiter;
  private readonly perDevice: RateLimiter;
  private readonly perIp: RateLimiter;
  private readonly failures: RateLimiter;
  private readonly siteFailures: RateLimiter;
  private readonly perMember: Record<MemberStep, RateLimiter>;

  constructor(
    @Inject(GATEWAY_CONTEXT) ctx: GatewayContext,
    private readonly devices: DeviceCookies,
  ) {
    const { windowSeconds, perAccount, perIp, failuresPerIp, uploadsPerMember, swipesPerMember, decksPerMember, safetyCallsPerMember, messagesPerMember, readsPerMember, connectionsPerMember, subscriptionCallsPerMember, layoversPerMemberPerDay, locationChangesPerMemberPerDay } = ctx.settings.rateLimits;
    const rule = (name: string, points: number, durationSeconds = windowSeconds) => ctx.rateLimiters.limiter({ name, points, durationSeconds });
    this.perAccount = rule('account', perAccount);
    this.perDevice = rule('device', perAccount);
    this.perIp = rule('ip', perIp);
    this.failures = rule('ip-failures', failuresPerIp);
    this.siteFailures = rule('ip-site-failures', failuresPerIp * SITE_FAILURES_FACTOR);
    this.perMember = {
      upload: rule('uploads', uploadsPerMember),
      swipe: rule('swipes', swipesPerMember),
      deck: rule('decks', decksPerMember),
      safety: rule('safety-calls', safetyCallsPerMember),
      message: rule('messages', messagesPerMember),
      read: rule('reads', readsPerMember),
      connect: rule('connections', connectionsPerMember),
      subscription: rule('subscription-calls', subscriptionCallsPerMember),
      layover: rule('layovers', layoversPerMemberPerDay, 24 * 3600),
      location: rule('locations', locationChangesPerMemberPerDay, 24 * 3600),
    };
  }

  /**
   * throws 429 with Retry-After when any limit of the step is used up; otherwise counts the
   * request. The client's own limits come first: a request they refuse does not count against the
   * account, so one address cannot use up someone else's account budget with refused requests.
   */
  async check(step: LimitedStep, request: FastifyRequest) {
    const account = accountOf(step, request);
    if (isMemberStep(step)) {
      if (account) refuseUnlessAllowed([await this.perMember[step].consume(account)]);
      return;
    }
    const { client, site } = clientNetworks(request.ip);
    // each request holds a failure of the client until it is answered (countFailures): attempts sent
    // at once cannot all pass before the first of them fails
    const decisions = await Promise.all([this.failures.consume(client), ...(site ? [this.siteFailures.consume(site)] : []), this.perIp.consume(`${step}:${client}`)]);
    request.holdsFailure = true;
    refuseUnlessAllowed(decisions);
    // a sign-in from a device that signed in to the account before (and since its last revocation) counts against that device, not the account
    const device = step === 'login' && account ? await this.devices.trusted(request, account) : undefined;
    if (device) refuseUnlessAllowed([await this.perDevice.consume(`${step}:${device}`)]);
    else if (account) refuseUnlessAllowed([await this.perAccount.consume(`${step}:${account}`)]);
  }

  /**
   * counts one use of a member step that only some requests of a route make (a profile edit that
   * moves the member), or that is made outside a route's guard (a message, over HTTP or the
   * socket); 429 with Retry-After when the limit is used up
   */
  async checkMember(step: MemberStep, userId: string) {
    refuseUnlessAllowed([await this.perMember[step].consume(userId)]);
  }

  /**
   * a refused account step (wrong password, code or token, invalid input) keeps the failure it held
   * against the client's IP (RateLimits.check); any other answer (a success, 429, a server error)
   * gives it back before the client has it
   */
  countFailures(app: FastifyInstance) {
    // a callback hook: only the requests of an account step wait for the counter
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.holdsFailure) return done(null, payload);
      request.holdsFailure = false;
      if (reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429) return done(null, payload);
      const { client, site } = clientNetworks(request.ip);
      Promise.all([this.failures.reward(client), site && this.siteFailures.reward(site)]).then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    });
  }
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const step = this.reflector.get<LimitedStep | undefined>(RATE_LIMIT, context.getHandler());
    if (step) await this.limits.check(step, context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }
}
