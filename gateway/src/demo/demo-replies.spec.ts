import { SettingsOptions } from '@aero/contracts';
import { demoReply } from './demo-replies.js';

describe("the demo crew's reply", () => {
  it('names the crew member and says it is a demo profile in each of the four languages, English by default', () => {
    const replies = SettingsOptions.language.map((language) => demoReply('Noah', language));
    expect(new Set(replies).size).toBe(4);
    for (const reply of replies) expect(reply).toContain('Noah');
    expect(replies.map((reply) => /d[eé]mo/i.test(reply))).toEqual([true, true, true, true]);
    expect(demoReply('Noah')).toBe(demoReply('Noah', 'english'));
    // French puts a no-break space before its exclamation marks, which never start a line
    expect(demoReply('Noah', 'french')).not.toMatch(/ !/);
    expect(demoReply('Noah', 'french')).toMatch(/\u00a0!/);
  });
});
