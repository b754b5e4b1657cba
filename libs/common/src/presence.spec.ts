import { MemoryKeyValueStore } from '@aero/ports';
import { Presence } from './presence.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** the member's socket, connected as the gateway does it: whether they show their presence first, then the mark */
const connect = async (presence: Presence, userId: string, socketId: string, shown = true) => {
  await presence.show(userId, shown);
  return presence.connect(userId, socketId);
};

describe('Presence', () => {
  it('is online while any socket lives, and offline once the last one leaves', async () => {
    const presence = new Presence(new MemoryKeyValueStore(), 60);
    expect(await connect(presence, 'u1', 's1')).toBe(true);
    expect(await connect(presence, 'u1', 's2')).toBe(false);
    expect(await presence.openSockets('u1')).toBe(2);
    expect(await presence.disconnect('u1', 's1')).toBe(false);
    expect(await presence.openSockets('u1')).toBe(1);
    expect(await presence.isVisiblyOnline('u1')).toBe(true);
    expect(await presence.disconnect('u1', 's2')).toBe(true);
    expect(await presence.isVisiblyOnline('u1')).toBe(false);
  });

  it("keeps a member hidden who does not show their presence, though they are online", async () => {
    const presence = new Presence(new MemoryKeyValueStore(), 60);
    // not shown before anything was written (a new socket writes it first)
    expect(await presence.isShown('u1')).toBe(false);
    await connect(presence, 'u1', 's1', false);
    expect(await presence.isShown('u1')).toBe(false);
    expect(await presence.isVisiblyOnline('u1')).toBe(false);
    expect(await presence.isOnline('u1')).toBe(true);
    await presence.disconnect('u1', 's1');
    expect(await presence.isOnline('u1')).toBe(false);
  });

  it('hides every socket of a member at once when they stop showing it, refreshed or not, and shows them again', async () => {
    const kv = new MemoryKeyValueStore();
    // two gateways, each with a socket of the member
    const one = new Presence(kv, 60);
    const other = new Presence(kv, 60);
    await connect(one, 'u1', 's1');
    await connect(other, 'u1', 's2');
    await one.show('u1', false);
    expect(await other.isVisiblyOnline('u1')).toBe(false);
    await other.refresh([{ userId: 'u1', socketId: 's2' }]);
    expect(await one.isVisiblyOnline('u1')).toBe(false);
    expect(await one.isOnline('u1')).toBe(true);
    expect(await other.isShown('u1')).toBe(false);
    await other.show('u1', true);
    expect(await one.isVisiblyOnline('u1')).toBe(true);
  });

  it('tells which of many members are online and showing it', async () => {
    const presence = new Presence(new MemoryKeyValueStore(), 60);
    await connect(presence, 'shown', 's1');
    await connect(presence, 'hidden', 's2', false);
    await connect(presence, 'left', 's3');
    await presence.disconnect('left', 's3');
    // a member whose choice was never written is not shown
    await presence.connect('unknown', 's4');
    expect(await presence.visiblyOnline(['shown', 'hidden', 'left', 'never', 'unknown'])).toEqual(new Set(['shown']));
    expect(await presence.visiblyOnline([])).toEqual(new Set());
  });

  it("lets a crashed gateway's sockets expire, while refreshed ones stay", async () => {
    const kv = new MemoryKeyValueStore();
    const crashed = new Presence(kv, 1);
    const alive = new Presence(kv, 1);
    await connect(crashed, 'u1', 's1');
    await connect(alive, 'u2', 's2');
    for (let i = 0; i < 4; i++) {
      await wait(400);
      await alive.refresh([{ userId: 'u2', socketId: 's2' }]);
    }
    expect(await crashed.isVisiblyOnline('u1')).toBe(false);
    // its sockets count no more against the member's limit
    expect(await alive.openSockets('u1')).toBe(0);
    expect(await alive.isVisiblyOnline('u2')).toBe(true);
    // the member comes back on a live gateway: online again
    expect(await connect(alive, 'u1', 's3')).toBe(true);
    expect(await alive.isVisiblyOnline('u1')).toBe(true);
  });
});
