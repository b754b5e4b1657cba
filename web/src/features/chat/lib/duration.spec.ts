import { formatDuration, recordedSeconds } from './duration';

describe('voice clip durations (m:ss)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [90, '1:30'],
    [600, '10:00'],
    [4.6, '0:05'],
  ])('%s s is %s', (seconds, shown) => expect(formatDuration(seconds)).toBe(shown));

  it('shows an unknown or broken duration as 0:00', () => {
    for (const v of [null, undefined, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatDuration(v)).toBe('0:00');
  });

  it('counts a recording in whole seconds, at least one', () => {
    expect(recordedSeconds(1000, 1200)).toBe(1);
    expect(recordedSeconds(1000, 4400)).toBe(3);
    expect(recordedSeconds(1000, 4600)).toBe(4);
  });
});
