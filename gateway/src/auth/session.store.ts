import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

export const SESSION_COOKIE = 'aero_sid';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Opaque random session ids kept in the key-value port (memory or Redis). A per-account set
 * lets a password reset revoke every session of that account.
 */
@Injectable()
export class SessionStore {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  private key = (sid: string) => `sess:${sid}`;
  private userKey = (accountId: string) => `user-sess:${accountId}`;

  async create(accountId: string): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    await this.ctx.kv.set(this.key(sid), accountId, SESSION_TTL_SECONDS);
    await this.ctx.kv.setAdd(this.userKey(accountId), sid);
    await this.ctx.kv.expire(this.userKey(accountId), SESSION_TTL_SECONDS);
    return sid;
  }

  async accountFor(sid: string | undefined): Promise<string | null> {
    if (!sid || sid.length > 100) return null;
    return this.ctx.kv.get(this.key(sid));
  }

  async destroy(sid: string) {
    const accountId = await this.ctx.kv.get(this.key(sid));
    await this.ctx.kv.del(this.key(sid));
    if (accountId) await this.ctx.kv.setRemove(this.userKey(accountId), sid);
  }

  async revokeAll(accountId: string) {
    for (const sid of await this.ctx.kv.setMembers(this.userKey(accountId))) await this.ctx.kv.del(this.key(sid));
    await this.ctx.kv.del(this.userKey(accountId));
  }
}
