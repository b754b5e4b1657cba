import { nestsDeeperThan, valueNestsDeeperThan } from './json-depth.js';

describe('how deep a request nests', () => {
  it('counts arrays and objects in JSON text, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ bio: '[[[[{{{{"\\"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 32)).toBe(true);
  });

  it('walks a value without recursion, however deep', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(valueNestsDeeperThan(deep, 32)).toBe(true);
    expect(valueNestsDeeperThan({ matchId: 'm', content: 'hi', messageType: 'text' }, 32)).toBe(false);
    expect(valueNestsDeeperThan({ a: { b: { c: 1 } } }, 2)).toBe(true);
    expect(valueNestsDeeperThan(null, 0)).toBe(false);
  });
});
