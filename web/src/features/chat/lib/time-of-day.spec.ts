import { localeOf } from '../../../i18n';
import { TIME_OF_DAY } from './time-of-day';

describe("a message's time of day", () => {
  it('is written as each language writes it, not like a duration (0:12 in French read like a voice clip’s length)', () => {
    const justAfterMidnight = new Date(2026, 0, 1, 0, 12);
    const shown = (['english', 'spanish', 'french', 'german'] as const).map((l) => new Intl.DateTimeFormat(localeOf(l), TIME_OF_DAY).format(justAfterMidnight));
    expect(shown.map((s) => s.replace(/\s/g, ' '))).toEqual(['12:12 AM', '0:12', '00:12', '00:12']);
  });
});
