import type { KeyValueStore } from '@aero/ports';

const socketsKey = (userId: string) => `presence:sockets:${userId}`;
const markKey = (socketId: string) => `presence:socket:${socketId}`;
const shownKey = (userId: string) => `presence:shown:${userId}`;

/**
 * Who is online, across every gateway: each connected socket holds a mark that expires unless its
 * gateway refreshes it (a crashed gateway's members go offline by themselves), and each member has
 * the set of their sockets. A member is online while any of their marks lives.
 *
 * Whether the member shows their presence (settings' showOnline) is the member's, not a socket's:
 * one record that a change of the setting rewrites, so it holds for every socket and gateway at
 * once (a heartbeat never restores what a socket read when it connected). It lives as long as
 * their marks do (each refresh keeps it); a member whose record is missing is not shown (a socket
 * writes it before its mark).
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
  async connect(userId: string, socketId: string): Promise<boolean> {
    const before = await this.liveSockets(userId);
    await this.mark(userId, socketId);
    return before.length === 0;
  }

  /** unmarks the socket; true when the member is offline now (no live socket left) */
  async disconnect(userId: string, socketId: string): Promise<boolean> {
    await this.kv.del(markKey(socketId));
    await this.kv.setRemove(socketsKey(userId), socketId);
    return (await this.liveSockets(userId)).length === 0;
  }

  /** keeps the marks of this gateway's sockets alive */
  async refresh(sockets: Iterable<{ userId: string; socketId: string }>) {
    for (const { userId, socketId } of sockets) await this.mark(userId, socketId);
  }

  /**
   * whether the member shows their presence from now on, on every socket of theirs; true when this
   * changed it (in one step: of two at once, only one changes it)
   */
  async show(userId: string, shown: boolean): Promise<boolean> {
    const before = await this.kv.swap(shownKey(userId), shown ? '1' : '0', this.ttlSeconds);
    return (before === '1') !== shown;
  }

  /**
   * the member shows their presence (whether online or not); a missing record (before a new socket
   * wrote the member's choice, or when its connection could not read it) is not taken for showing
   */
  async isShown(userId: string): Promise<boolean> {
    return (await this.kv.get(shownKey(userId))) === '1';
  }

  /** how many sockets the member has open, over every gateway */
  async openSockets(userId: string): Promise<number> {
    return (await this.liveSockets(userId)).length;
  }

  /** has an open socket anywhere, shown to others or not */
  async isOnline(userId: string): Promise<boolean> {
    return (await this.liveSockets(userId)).length > 0;
  }

  /** online and showing it */
  async isVisiblyOnline(userId: string): Promise<boolean> {
    return (await this.isShown(userId)) && (await this.isOnline(userId));
  }

  /** which of these members are online and showing it (looked up together, not one after another) */
  async visiblyOnline(userIds: readonly string[]): Promise<Set<string>> {
    const shown = await Promise.all(userIds.map((userId) => this.isVisiblyOnline(userId)));
    return new Set(userIds.filter((_, i) => shown[i]));
  }

  private async mark(userId: string, socketId: string) {
    await this.kv.set(markKey(socketId), '1', this.ttlSeconds);
    await this.kv.setAdd(socketsKey(userId), socketId);
    await this.kv.expire(socketsKey(userId), this.ttlSeconds);
    await this.kv.expire(shownKey(userId), this.ttlSeconds);
  }

  /** the member's live sockets; expired ones leave the set */
  private async liveSockets(userId: string): Promise<string[]> {
    const live: string[] = [];
    for (const socketId of await this.kv.setMembers(socketsKey(userId))) {
      if ((await this.kv.get(markKey(socketId))) === null) await this.kv.setRemove(socketsKey(userId), socketId);
      else live.push(socketId);
    }
    return live;
  }
}
