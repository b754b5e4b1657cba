import { servedOverHttps } from '@aero/config';
import { normalEmail, Rpc } from '@aero/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

/**
 * The device cookie (OWASP's defence against lockout by guessing): a browser that signed in to an
 * account gets one, naming the account (its id and email), a random device id and when it was
 * issued, signed with the deployment's secret. Its sign-ins to that account count against the
 * device's own budget, not the account's, so someone who spends the account's budget with wrong
 * passwords from elsewhere does not lock its member out of their own phone.
 *
 * A cookie is trusted only while it is younger than a year and was issued at or after the
 * account's last revocation (a password change or reset, 'sign out of other devices', a ban or
 * a deletion: SessionStore.revokeAll): one who once had the password keeps no budget of their own.
 */
export const DEVICE_COOKIE = 'aero_device';
/** a year: a phone signed in once stays known */
const MAX_AGE_SECONDS = 365 * 86_400;

/** the account a sign-in names: its email as the rate limits key it */
export const accountEmail = (email: unknown) => (typeof email === 'string' && email.trim() ? normalEmail(email) : undefined);

/** a cookie's signed parts */
interface DeviceClaim {
  deviceId: string;
  accountId: string;
  /** ms */
  issuedAt: number;
}

@Injectable()
export class DeviceCookies {
  private readonly logger = new Logger(DeviceCookies.name);

  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  /** when the account's device cookies were last all revoked (ms): those issued before are trusted no more */
  private revokedKey = (accountId: string) => `device-revoked:${accountId}`;

  private mac({ deviceId, accountId, issuedAt }: DeviceClaim, email: string) {
    return createHmac('sha256', this.ctx.secret).update(`login-device\0${deviceId}\0${email}\0${accountId}\0${issuedAt}`).digest('base64url');
  }

  /** the request's device cookie when this deployment signed it for `email` (of any age) */
  private read(request: FastifyRequest, email: string): DeviceClaim | undefined {
    const [deviceId, accountId, issued, signature, ...rest] = (request.cookies?.[DEVICE_COOKIE] ?? '').split('.');
    if (!deviceId || !accountId || !issued || !signature || rest.length || !/^\d{1,15}$/.test(issued)) return undefined;
    const claim = { deviceId, accountId, issuedAt: Number(issued) };
    const expected = Buffer.from(this.mac(claim, email));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? claim : undefined;
  }

  /**
   * the device id when the request carries a device cookie of `email`'s account that is still
   * trusted; else undefined. Without a cookie signed for that email it costs no look-up.
   */
  async trusted(request: FastifyRequest, email: string): Promise<string | undefined> {
    const claim = this.read(request, email);
    if (!claim || claim.issuedAt <= Date.now() - MAX_AGE_SECONDS * 1000) return undefined;
    const revokedAt = Number((await this.ctx.kv.get(this.revokedKey(claim.accountId))) ?? 0);
    return claim.issuedAt >= revokedAt ? claim.deviceId : undefined;
  }

  /**
   * the browser's device cookie for `account`, issued at `issuedAt` (ms: when its credentials were
   * checked, so an account-wide revocation since then leaves it untrusted); the same device id
   * when the browser had a cookie of this account
   */
  issue(request: FastifyRequest, reply: FastifyReply, account: { id: string; email: string }, issuedAt: number) {
    const email = accountEmail(account.email);
    if (!email) return;
    const previous = this.read(request, email);
    const claim = { deviceId: previous?.accountId === account.id ? previous.deviceId : randomBytes(16).toString('base64url'), accountId: account.id, issuedAt: Math.floor(issuedAt) };
    const secure = servedOverHttps(this.ctx.settings);
    reply.setCookie(DEVICE_COOKIE, `${claim.deviceId}.${claim.accountId}.${claim.issuedAt}.${this.mac(claim, email)}`, { httpOnly: true, sameSite: 'strict', secure, path: '/api/auth', maxAge: MAX_AGE_SECONDS });
  }

  /** every device cookie of the account issued before `at` (ms) is trusted no more */
  async revoke(accountId: string, at: number) {
    // a cookie lives a year: so long the mark is needed
    await this.ctx.kv.set(this.revokedKey(accountId), String(at), MAX_AGE_SECONDS);
  }

  /**
   * after an account-wide revocation at `at` that the caller's session survives (a password change,
   * 'sign out of other devices'): the caller's browser is the member's, so its device cookie of the
   * account is issued again, as of the revocation, and stays trusted. Best effort: the revocation
   * stands if the account cannot be read.
   */
  async keep(request: FastifyRequest, reply: FastifyReply, accountId: string, at: number) {
    if (request.cookies?.[DEVICE_COOKIE]?.split('.')[1] !== accountId) return;
    try {
      const account = await this.ctx.rpc.send(Rpc.identity.getAccount, { accountId });
      const email = accountEmail(account.email);
      if (email && this.read(request, email)?.accountId === accountId) this.issue(request, reply, account, at);
    } catch (e) {
      this.logger.warn(`keeping the device cookie of the caller failed: ${(e as Error).message}`);
    }
  }
}
