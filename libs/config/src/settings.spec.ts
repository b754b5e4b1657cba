import { loadSettings } from './settings.js';

describe('loadSettings: event stream limits', () => {
  it('defaults to 7 days and 1 GiB', () => {
    expect(loadSettings({})).toMatchObject({ eventsMaxAgeSeconds: 604_800, eventsMaxBytes: 1_073_741_824 });
  });

  it('reads EVENTS_MAX_AGE_SECONDS and EVENTS_MAX_BYTES (0 and -1 included)', () => {
    expect(loadSettings({ EVENTS_MAX_AGE_SECONDS: '3600', EVENTS_MAX_BYTES: '10485760' })).toMatchObject({ eventsMaxAgeSeconds: 3600, eventsMaxBytes: 10_485_760 });
    expect(loadSettings({ EVENTS_MAX_AGE_SECONDS: '0', EVENTS_MAX_BYTES: '-1' })).toMatchObject({ eventsMaxAgeSeconds: 0, eventsMaxBytes: -1 });
  });
});
