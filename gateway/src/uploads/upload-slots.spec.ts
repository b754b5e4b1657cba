import { loadSettings } from '@aero/config';
import { DomainError, Messages } from '@aero/contracts';
import { MemoryKeyValueStore } from '@aero/ports';
import { jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { ABANDONED_UPLOAD_MS, Semaphore, UPLOAD_LOCK_SECONDS, UPLOAD_SLOT_WAIT_MS, UploadSlots, UPLOADS_BUSY_RETRY_SECONDS } from './upload-slots.js';

/** a promise and the functions that settle it */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Semaphore', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('gives out its slots, then hands a released one to the first waiter, and a waiter gives up after its wait', async () => {
    const slots = new Semaphore(2);
    const first = (await slots.acquire(0))!;
    const second = (await slots.acquire(0))!;
    expect(first).toBeInstanceOf(Function);
    expect(second).toBeInstanceOf(Function);
    expect(await slots.acquire(0)).toBeNull();

    const early = slots.acquire(1000);
    const late = slots.acquire(5000);
    expect(slots.waiting).toBe(2);
    first();
    first(); // a second release of the same slot gives nothing back
    const third = (await early)!;
    expect(third).toBeInstanceOf(Function);
    expect(slots.active).toBe(2);

    await jest.advanceTimersByTimeAsync(5000);
    expect(await late).toBeNull();
    expect(slots.waiting).toBe(0);
    second();
    third();
    expect(slots.active).toBe(0);
  });
});

describe('UploadSlots (memory key-value store)', () => {
  let kv: MemoryKeyValueStore;
  const member = 'a0f04c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
  const other = 'b0f04c4e-8d7a-4d55-9a39-1f1a7b0c2d12';

  beforeEach(() => {
    // reads the clock on each call: the fake one once a test installs it
    kv = new MemoryKeyValueStore(() => Date.now());
  });
  afterEach(async () => {
    jest.useRealTimers();
    await kv.close();
  });

  const slotsOf = (uploadsInFlight: number) => new UploadSlots({ kv, settings: { ...loadSettings({}), uploadsInFlight } });

  it("refuses a member's second upload while the first runs (429), lets another member's through, and frees the lock however the first ends", async () => {
    const slots = slotsOf(4);
    const first = deferred<string>();
    const running = slots.run(member, () => first.promise);
    await new Promise((r) => setImmediate(r));

    await expect(slots.run(member, async () => 'second')).rejects.toMatchObject({ status: 429, code: 'upload_in_progress', message: Messages.uploadInProgress });
    expect(await slots.run(other, async () => 'other')).toBe('other');

    first.reject(new Error('the client went away'));
    await expect(running).rejects.toThrow('the client went away');
    // the failed upload left no lock behind
    expect(await slots.run(member, async () => 'later')).toBe('later');
  });

  it('keeps the lock while an upload runs longer than its TTL (refreshed), and a lock nobody refreshes expires', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const slots = slotsOf(4);
    const slow = deferred<string>();
    const running = slots.run(member, () => slow.promise);
    await jest.advanceTimersByTimeAsync(UPLOAD_LOCK_SECONDS * 3 * 1000);
    await expect(slots.run(member, async () => 'second')).rejects.toMatchObject({ status: 429 });
    slow.resolve('done');
    expect(await running).toBe('done');

    // a gateway that died holding the lock: it frees itself
    await kv.incrWithTtl(`upload-lock:${other}`, UPLOAD_LOCK_SECONDS);
    await expect(slots.run(other, async () => 'x')).rejects.toMatchObject({ status: 429 });
    await jest.advanceTimersByTimeAsync(UPLOAD_LOCK_SECONDS * 1000 + 1000);
    expect(await slots.run(other, async () => 'after the TTL')).toBe('after the TTL');
  });

  it('lets a full process make uploads wait for a slot, then answers 503 with Retry-After', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const slots = slotsOf(1);
    const first = deferred<string>();
    const running = slots.run(member, () => first.promise);
    await jest.advanceTimersByTimeAsync(0);

    // waits, and goes ahead when the slot comes free
    const waiting = slots.run(other, async () => 'served after the first');
    await jest.advanceTimersByTimeAsync(UPLOAD_SLOT_WAIT_MS / 2);
    first.resolve('first');
    expect(await running).toBe('first');
    expect(await waiting).toBe('served after the first');

    // waits too long: 503, and its lock is released
    const busy = deferred<string>();
    const holding = slots.run(member, () => busy.promise);
    await jest.advanceTimersByTimeAsync(0);
    const refused = slots.run(other, async () => 'never').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(UPLOAD_SLOT_WAIT_MS + 1);
    const error = await refused;
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 503, code: 'uploads_busy', message: Messages.uploadsBusy, retryAfterSeconds: UPLOADS_BUSY_RETRY_SECONDS });
    busy.resolve('done');
    await holding;
    expect(await slots.run(other, async () => 'now')).toBe('now');
  });

  it('answers an upload whose client left at once, and gives its slot and lock back when its work ends (its files are in memory until then)', async () => {
    const slots = slotsOf(1);
    const left = Object.assign(new EventEmitter(), { destroyed: false });
    // the body was read whole; the client leaves while the photos are being handled
    const handling = deferred<string>();
    const answered = slots.run(member, () => handling.promise, left).catch((e: unknown) => e);
    await new Promise((r) => setImmediate(r));
    left.emit('close');
    expect(await answered).toMatchObject({ status: 400, code: 'upload_aborted' });
    // the member's next upload is refused, and another member's waits for the one slot, until the work ends
    await expect(slots.run(member, async () => 'second')).rejects.toMatchObject({ status: 429, code: 'upload_in_progress' });
    let othersDone = false;
    const others = slots.run(other, async () => 'other').finally(() => (othersDone = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(othersDone).toBe(false);
    handling.resolve('handled');
    expect(await others).toBe('other');
    expect(await slots.run(member, async () => 'member again')).toBe('member again');
  });

  it('gives the slot and the lock back when the client leaves, while its body never comes (after a while) or while it waits for a slot (at once)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const slots = slotsOf(1);
    const socket = () => Object.assign(new EventEmitter(), { destroyed: false });
    // the upload waits for a body that will never come (the multipart reader never settles)
    const left = socket();
    const stuck = slots.run(member, () => new Promise<string>(() => undefined), left).catch((e: unknown) => e);
    await new Promise((r) => setImmediate(r));
    // another member's upload waits for the one slot, and leaves too
    const impatient = socket();
    const waiting = slots.run(other, async () => 'never', impatient).catch((e: unknown) => e);
    await new Promise((r) => setImmediate(r));
    impatient.emit('close');
    expect(await waiting).toMatchObject({ status: 400, code: 'upload_aborted' });
    left.emit('close');
    expect(await stuck).toMatchObject({ status: 400, code: 'upload_aborted' });
    // the stuck upload holds its lock (and the slot) until it is given up for abandoned
    await expect(slots.run(member, async () => 'too soon')).rejects.toMatchObject({ status: 429 });
    await jest.advanceTimersByTimeAsync(ABANDONED_UPLOAD_MS);
    expect(await slots.run(member, async () => 'member again')).toBe('member again');
    expect(await slots.run(other, async () => 'other again')).toBe('other again');
    // a connection already gone takes nothing
    await expect(slots.run(member, async () => 'x', Object.assign(socket(), { destroyed: true }))).rejects.toMatchObject({ status: 400, code: 'upload_aborted' });
    expect(await slots.run(member, async () => 'still free')).toBe('still free');
  });
});
