import type { KeyValueStore } from '@aero/ports';

const socketsKey = (userId: string) => `presence:sockets:${userId}`;
const markKey = (socketId: string) => `presence:socket:${socketId}`;

/**
 * Who is online, across every gateway: each connected socket holds a mark that expires unless its
 * gateway refreshes it (a crashed gateway's members go offline by themselves), and each member has
 * the set of their sockets. A member is online while any of their marks lives; a mark also says
 * whether the member shows their presence (settings' showOnline).
 *
 * The gateway writes it (its sockets); services read it through the same key-value port (the
 * notifications service sends a web push only to a member with no open socket).
 */
export class Presence {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly ttlSeconds: number,
  ) {}

  /** marks the socket; true when this made the member online (no live socket before) */
  async connect(userId: string, socketId: string, visible: boolean): Promise<boolean> {
    const before = await this.liveSockets(userId);
    await this.kv.set(markKey(socketId), visible ? '1' : '0', this.ttlSeconds);
    await this.kv.setAdd(socketsKey(userId), socketId);
    await this.kv.expire(socketsKey(userId), this.ttlSeconds);
    return before.length === 0;
  }

  /** unmarks the socket; true when the member is offline now (no live socket left) */
  async disconnect(userId: string, socketId: string): Promise<boolean> {
    await this.kv.del(markKey(socketId));
    await this.kv.setRemove(socketsKey(userId), socketId);
    return (await this.liveSockets(userId)).length === 0;
  }

  /** keeps the marks of this gateway's sockets alive */
  async refresh(sockets: Iterable<{ userId: string; socketId: string; visible: boolean }>) {
    for (const { userId, socketId, visible } of sockets) {
      await this.kv.set(markKey(socketId), visible ? '1' : '0', this.ttlSeconds);
      await this.kv.setAdd(socketsKey(userId), socketId);
      await this.kv.expire(socketsKey(userId), this.ttlSeconds);
    }
  }

  /** has an open socket anywhere, shown to others or not */
  async isOnline(userId: string): Promise<boolean> {
    return (await this.liveSockets(userId)).length > 0;
  }

  /** online and showing it */
  async isVisiblyOnline(userId: string): Promise<boolean> {
    return (await this.liveSockets(userId)).some((mark) => mark === '1');
  }

  /** which of these members are online and showing it (looked up together, not one after another) */
  async visiblyOnline(userIds: readonly string[]): Promise<Set<string>> {
    const shown = await Promise.all(userIds.map((userId) => this.isVisiblyOnline(userId)));
    return new Set(userIds.filter((_, i) => shown[i]));
  }

  /** the marks of the member's live sockets; expired ones leave the set */
  private async liveSockets(userId: string): Promise<string[]> {
    const marks: string[] = [];
    for (const socketId of await this.kv.setMembers(socketsKey(userId))) {
      const mark = await this.kv.get(markKey(socketId));
      if (mark === null) await this.kv.setRemove(socketsKey(userId), socketId);
      else marks.push(mark);
    }
    return marks;
  }
}
