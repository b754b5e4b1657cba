import { inboxRetentionMs } from './service-host.js';

describe('inboxRetentionMs', () => {
  it('keeps a handled event’s inbox row a day longer than the bus keeps the event', () => {
    expect(inboxRetentionMs({ eventsMaxAgeSeconds: 7 * 86_400 })).toBe(8 * 86_400_000);
    expect(inboxRetentionMs({ eventsMaxAgeSeconds: 120 })).toBe((120 + 86_400) * 1000);
  });

  it('keeps it forever when the bus keeps events forever', () => {
    expect(inboxRetentionMs({ eventsMaxAgeSeconds: 0 })).toBe(0);
  });
});
