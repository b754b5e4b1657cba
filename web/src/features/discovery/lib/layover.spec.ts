import type { LayoverView } from '@aero/contracts/shared';
import { render } from '../../../i18n/testing';
import { defaultWindow, layoverChipText, weekdayAt } from './layover';

const layover = (over: Partial<LayoverView> = {}): LayoverView => ({
  label: 'Chicago, Illinois',
  city: 'Chicago',
  state: 'Illinois',
  airport: 'ORD',
  timeZone: 'America/Chicago',
  arrivesAt: '2026-03-04T23:30:00.000Z',
  departsAt: '2026-03-06T13:00:00.000Z',
  localArrivesAt: '2026-03-04T17:30',
  localDepartsAt: '2026-03-06T07:00',
  verifiedCrewOnly: false,
  nights: 2,
  current: true,
  ...over,
});

describe('the layover chip', () => {
  it("says 'In Chicago until Fri' while the layover lasts, by the weekday where it is", () => {
    expect(render(layoverChipText(layover(), 'en-US'))).toBe('In Chicago until Fri');
    // 01:00 UTC on Saturday is still Friday evening in Chicago
    expect(weekdayAt('2026-03-07T01:00:00.000Z', 'America/Chicago', 'en-US')).toBe('Fri');
  });

  it("says 'Chicago from Wed' before it begins", () => {
    expect(render(layoverChipText(layover({ current: false }), 'en-US'))).toBe('Chicago from Wed');
  });

  it('starts the sheet from the start of this hour for a day, on the clock of the place', () => {
    const { arrivesAt, departsAt } = defaultWindow(new Date('2026-03-04T17:42:00Z'), 'America/Denver');
    expect(arrivesAt).toBe('2026-03-04T10:00');
    expect(departsAt).toBe('2026-03-05T10:00');
    expect(defaultWindow(new Date('2026-03-04T17:42:00Z'), 'Asia/Kolkata').arrivesAt).toBe('2026-03-04T22:30');
  });
});
