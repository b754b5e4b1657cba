import { type EndPushSubscriptionsRequest, JobName, Rpc } from '@aero/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { DeviceCookies } from './device-cookie.js';

export const SESSION_COOKIE = 'aero_sid';

/** a name for a session that is not its secret (socket rooms, logs) */
export const sessionTag = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

type SessionsEnded = (sids: string[]) => void;

/** an end of push subscriptions (revokeAll, logout) the notifications service could not take is tried again for about three hours (12 tries, 5 s doubling) */
const PUSH_REVOCATION_RETRIES = { attempts: 12, backoffMs: 5000 };

/** a stored session (`<account> <end of its maximum age, ms>`) that is still within its maximum age */
function liveSession(value: string): { accountId: string; remainingSeconds: number } | null {
  const [accountId, endsAt] = value.split(' ');
  const remainingSeconds = Math.floor((Number(endsAt) - Date.now()) / 1000);
  return accountId && remainingSeconds > 0 ? { accountId, remainingSeconds } : null;
}

/**
 * Opaque random session ids kept in the key-value port (memory or Redis). A session ends when
 * unused for SESSION_IDLE_SECONDS (sliding) and at the latest SESSION_MAX_AGE_SECONDS after
 * sign-in. A per-account set lets a password reset or change end every session of the account,
 * with the web push subscriptions the account's browsers saved (removed before it returns; a job
 * retries it if the notifications service could not be reached) and the trust of its device
 * cookies; listeners (the socket gateway) hear of every session that ends here.
 */
@Injectable()
export class SessionStore implements OnModuleInit {
  private readonly ended: SessionsEnded[] = [];

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly devices: DeviceCookies,
  ) {}

  onModuleInit() {
    this.ctx.jobs.register<EndPushSubscriptionsRequest>(JobName.EndPushSubscriptions, async (job) => {
      await this.ctx.rpc.send(Rpc.notifications.endPushSubscriptions, job);
    });
  }

  private key = (sid: string) => `sess:${sid}`;
  private userKey = (accountId: string) => `user-sess:${accountId}`;
  /** when the account's sessions were last all ended (ms) */
  private revokedKey = (accountId: string) => `user-sess-revoked:${accountId}`;
  private get limits() {
    return this.ctx.settings.sessions;
  }

  onEnded(listener: SessionsEnded) {
    this.ended.push(listener);
  }

  /**
   * A new session of the account, opened by credentials checked from `since` (ms) on; null when
   * the account's sessions were all ended since then (a password reset or change, a ban, 'sign out
   * of other devices' while the credentials were being checked: the sign-in came too late to be
   * ended with them, and would outlive them). The session is stored before the check, and
   * `revokeAll` marks the time before it lists the sessions: one of the two always sees the other.
   */
  async create(accountId: string, since = Date.now()): Promise<string | null> {
    const sid = randomBytes(32).toString('base64url');
    const { idleSeconds, absoluteSeconds } = this.limits;
    // value: the account and the moment the absolute lifetime ends
    await this.ctx.kv.set(this.key(sid), `${accountId} ${Date.now() + absoluteSeconds * 1000}`, Math.min(idleSeconds, absoluteSeconds));
    await this.ctx.kv.setAdd(this.userKey(accountId), sid);
    await this.ctx.kv.expire(this.userKey(accountId), absoluteSeconds);
    if (Number((await this.ctx.kv.get(this.revokedKey(accountId))) ?? 0) > since) {
      await this.destroy(sid);
      return null;
    }
    return sid;
  }

  /** the session's account, or null; a live session's idle timer starts again */
  async accountFor(sid: string | undefined): Promise<string | null> {
    const live = await this.look(sid);
    if (!live) return null;
    await this.ctx.kv.expire(this.key(live.sid), Math.max(1, Math.min(this.limits.idleSeconds, live.remainingSeconds)));
    return live.accountId;
  }

  /**
   * the latest moment the live session may still live if it is not used again: its idle timeout
   * from now, or its maximum age, whichever comes first (null: no live session)
   */
  async unusedUntil(sid: string | undefined): Promise<Date | null> {
    const value = await this.stored(sid);
    const live = value ? liveSession(value) : null;
    return live && new Date(Date.now() + Math.min(this.limits.idleSeconds, live.remainingSeconds) * 1000);
  }

  /** whether the session is still alive, without counting as a use (its idle timer runs on) nor ending it */
  async isLive(sid: string | undefined): Promise<boolean> {
    const value = await this.stored(sid);
    return !!value && liveSession(value) !== null;
  }

  /** what is kept for a session id (none for an id no session could have) */
  private async stored(sid: string | undefined): Promise<string | null> {
    return sid && sid.length <= 100 ? this.ctx.kv.get(this.key(sid)) : null;
  }

  /** the live session's account and remaining lifetime; one past its maximum age is ended */
  private async look(sid: string | undefined): Promise<{ sid: string; accountId: string; remainingSeconds: number } | null> {
    const value = await this.stored(sid);
    if (!sid || !value) return null;
    const live = liveSession(value);
    if (!live) await this.destroy(sid);
    return live && { sid, ...live };
  }

  /** ends the session; answers its account (none for a session no longer stored) */
  async destroy(sid: string): Promise<string | undefined> {
    const accountId = (await this.ctx.kv.get(this.key(sid)))?.split(' ')[0];
    await this.ctx.kv.del(this.key(sid));
    if (accountId) await this.ctx.kv.setRemove(this.userKey(accountId), sid);
    this.notify([sid]);
    return accountId;
  }

  /**
   * the member ends the session (logout): with the push subscriptions it saved, and only those
   * (removed before it returns, or retried as revokeAll's are), so a browser that did not
   * unsubscribe before signing out gets none of the member's notifications any more
   */
  async logout(sid: string) {
    // by the session's tag alone: one that expired (idle, or too old) no longer names its account
    await this.destroy(sid);
    await this.endPushSubscriptions({ sessionTag: sessionTag(sid), savedBefore: new Date().toISOString() });
  }

  /**
   * ends every session of the account, but `keep` (the caller's own, after a password change), the
   * push subscriptions of every other session, also of those already ended by idling, and the trust
   * of every device cookie of the account issued so far: one who once had the password must not
   * keep getting the member's messages as pushes, nor a sign-in budget of their own. Answers the
   * moment of the revocation (ms), from which a device cookie is trusted again (DeviceCookies.keep).
   */
  async revokeAll(accountId: string, keep?: string): Promise<number> {
    const at = Date.now();
    await this.ctx.kv.set(this.revokedKey(accountId), String(at), this.limits.absoluteSeconds);
    await this.devices.revoke(accountId, at);
    const sids = (await this.ctx.kv.setMembers(this.userKey(accountId))).filter((sid) => sid !== keep);
    for (const sid of sids) {
      await this.ctx.kv.del(this.key(sid));
      await this.ctx.kv.setRemove(this.userKey(accountId), sid);
    }
    this.notify(sids);
    await this.endPushSubscriptions({ userId: accountId, ...(keep && { exceptSessionTag: sessionTag(keep) }), savedBefore: new Date().toISOString() });
    return at;
  }

  /** the push subscriptions of ended sessions, removed now or, when the notifications service cannot take it, by a job that retries */
  private async endPushSubscriptions(ended: EndPushSubscriptionsRequest) {
    await this.ctx.rpc.send(Rpc.notifications.endPushSubscriptions, ended).catch(() => this.ctx.jobs.enqueue(JobName.EndPushSubscriptions, ended, PUSH_REVOCATION_RETRIES));
  }

  private notify(sids: string[]) {
    if (sids.length) for (const listener of this.ended) listener(sids);
  }
}
