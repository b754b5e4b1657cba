import { InProcessJobQueue } from '@aero/ports';
import { Writable } from 'node:stream';
import { logTo, rootLogger } from './logger.js';
import { carryingRequestIds, currentRequestId, isSafeRequestId, requestIdFrom, withRequestId } from './request-context.js';

describe('the request id rule', () => {
  it.each(['test-123', 'a', 'A.b_c-9', '0f8fad5b-d9cb-469f-a165-70867728950e', 'x'.repeat(64)])('keeps the safe id %j', (id) => {
    expect(isSafeRequestId(id)).toBe(true);
    expect(requestIdFrom(id)).toBe(id);
  });

  it.each([
    ['too long', 'x'.repeat(65)],
    ['empty', ''],
    ['with a space', 'test 123'],
    ['with a newline', 'test-123\n{"level":60}'],
    ['with a quote', 'test"123'],
    ['with a slash', 'a/b'],
    ['not ASCII', 'tëst'],
    ['repeated (two headers)', ['a', 'b']],
    ['absent', undefined],
  ])('replaces an id %s with a fresh uuid', (_what, incoming) => {
    expect(isSafeRequestId(incoming)).toBe(false);
    const id = requestIdFrom(incoming);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdFrom(incoming)).not.toBe(id);
  });
});

describe('the current request id', () => {
  it('follows the work across awaits and timers, and is gone outside it', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId('outer-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const inner = await withRequestId('inner-2', async () => currentRequestId());
      return [currentRequestId(), inner];
    });
    expect(seen).toEqual(['outer-1', 'inner-2']);
    expect(currentRequestId()).toBeUndefined();
  });

  it('is not set from an unsafe id', () => {
    expect(withRequestId('bad id', () => currentRequestId())).toBeUndefined();
    expect(withRequestId(undefined, () => currentRequestId())).toBeUndefined();
  });

  it('is written in every log line of the work', () => {
    const lines: string[] = [];
    const restore = logTo(new Writable({ write: (chunk, _enc, done) => done(void lines.push(String(chunk))) }) as never, 'debug');
    try {
      const log = rootLogger.child({ service: 'unit' });
      withRequestId('log-42', () => {
        log.warn('inside');
        log.debugWith('detail', { n: 1 });
      });
      log.warn('outside');
    } finally {
      restore();
    }
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => [l.msg, l.requestId, l.service])).toEqual([
      ['inside', 'log-42', 'unit'],
      ['detail', 'log-42', 'unit'],
      ['outside', undefined, 'unit'],
    ]);
  });

  it('goes with a job to its handler', async () => {
    const jobs = carryingRequestIds(new InProcessJobQueue());
    const seen: (string | undefined)[] = [];
    jobs.register('traced', async () => void seen.push(currentRequestId()));
    await withRequestId('job-7', () => jobs.enqueue('traced', {}));
    await jobs.enqueue('traced', {});
    for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await jobs.close();
    expect(seen).toEqual(['job-7', undefined]);
  });
});
