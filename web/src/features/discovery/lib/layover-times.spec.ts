import { layoverTimeFieldOf, layoverTimesProblem } from './layover-times';

describe('the layover sheet’s times', () => {
  it('asks for a full date and time in each field, and a departure after the arrival, at the field concerned', () => {
    const ok = { arrivesAt: '2026-03-06T18:30', departsAt: '2026-03-08T07:15' };
    expect(layoverTimesProblem(ok)).toBeNull();
    expect(layoverTimesProblem({ ...ok, arrivesAt: '' })).toEqual({ field: 'arrivesAt', text: { id: 'messages.layoverTimeInvalid', values: undefined } });
    expect(layoverTimesProblem({ ...ok, departsAt: '2026-03-08' })).toEqual({ field: 'departsAt', text: { id: 'messages.layoverTimeInvalid', values: undefined } });
    for (const departsAt of ['2026-03-06T18:30', '2026-03-06T09:00', '2025-12-31T23:59'])
      expect(layoverTimesProblem({ ...ok, departsAt })).toEqual({ field: 'departsAt', text: { id: 'messages.layoverDepartureBeforeArrival', values: undefined } });
  });

  it("puts the server's refusals of the times under the field they are about, and no other", () => {
    expect(layoverTimeFieldOf('layover_too_far_ahead')).toBe('arrivesAt');
    for (const code of ['layover_departure_before_arrival', 'layover_too_long', 'layover_over'] as const) expect(layoverTimeFieldOf(code)).toBe('departsAt');
    for (const code of ['layover_verified_only', 'layover_place_unknown', 'rate_limited', undefined] as const) expect(layoverTimeFieldOf(code)).toBeNull();
  });
});
