import { MemoryKeyValueStore } from '@aero/ports';
import { Presence } from './presence.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Presence', () => {
  it('is online while any socket lives, and offline once the last one leaves', async () => {
    const presence = new Presence(new MemoryKeyValueStore(), 60);
    expect(await presence.connect('u1', 's1', true)).toBe(true);
    expect(await presence.connect('u1', 's2', true)).toBe(false);
    expect(await presence.disconnect('u1', 's1')).toBe(false);
    expect(await presence.isVisiblyOnline('u1')).toBe(true);
    expect(await presence.disconnect('u1', 's2')).toBe(true);
    expect(await presence.isVisiblyOnline('u1')).toBe(false);
  });

  it("keeps a member hidden who does not show their presence, though they are online", async () => {
    const presence = new Presence(new MemoryKeyValueStore(), 60);
    await presence.connect('u1', 's1', false);
    expect(await presence.isVisiblyOnline('u1')).toBe(false);
    expect(await presence.isOnline('u1')).toBe(true);
    await presence.disconnect('u1', 's1');
    expect(await presence.isOnline('u1')).toBe(false);
  });

  it('tells which of many members are online and showing it', async () => {
    const presence = new Presence(new MemoryKeyValueStore(), 60);
    await presence.connect('shown', 's1', true);
    await presence.connect('hidden', 's2', false);
    await presence.connect('left', 's3', true);
    await presence.disconnect('left', 's3');
    expect(await presence.visiblyOnline(['shown', 'hidden', 'left', 'never'])).toEqual(new Set(['shown']));
    expect(await presence.visiblyOnline([])).toEqual(new Set());
  });

  it("lets a crashed gateway's sockets expire, while refreshed ones stay", async () => {
    const kv = new MemoryKeyValueStore();
    const crashed = new Presence(kv, 1);
    const alive = new Presence(kv, 1);
    await crashed.connect('u1', 's1', true);
    await alive.connect('u2', 's2', true);
    for (let i = 0; i < 4; i++) {
      await wait(400);
      await alive.refresh([{ userId: 'u2', socketId: 's2', visible: true }]);
    }
    expect(await crashed.isVisiblyOnline('u1')).toBe(false);
    expect(await alive.isVisiblyOnline('u2')).toBe(true);
    // the member comes back on a live gateway: online again
    expect(await alive.connect('u1', 's3', true)).toBe(true);
  });
});
