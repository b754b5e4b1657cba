import { distanceBand, milesBetween, snapToGrid } from './location-grid.js';

describe('location grid', () => {
  it('snaps every point of a cell to the same centre, and cells are at least 1 km wide', () => {
    const a = snapToGrid(32.77671, -96.79701)!;
    const b = snapToGrid(32.77999, -96.79003)!;
    expect(a).toEqual(b);
    const north = snapToGrid(32.785, -96.797)!;
    const east = snapToGrid(32.7767, -96.785)!;
    expect(milesBetween(a, north) * 1.609).toBeGreaterThanOrEqual(1);
    expect(milesBetween(a, east) * 1.609).toBeGreaterThanOrEqual(1);
  });

  it('keeps cells 1 km wide far north too', () => {
    const a = snapToGrid(64.8378, -147.7164)!; // Fairbanks
    const east = snapToGrid(64.8378, -147.7164 + 0.05)!;
    expect(milesBetween(a, east) * 1.609).toBeGreaterThanOrEqual(1);
  });

  it('puts distances into the spec bands, null beyond 250 miles', () => {
    expect(distanceBand(0)).toBe(5);
    expect(distanceBand(5)).toBe(5);
    expect(distanceBand(5.1)).toBe(10);
    expect(distanceBand(180)).toBe(250);
    expect(distanceBand(251)).toBeNull();
    expect(distanceBand(null)).toBeNull();
  });

  it('has no position without both coordinates', () => {
    expect(snapToGrid(null, 10)).toBeNull();
    expect(snapToGrid(10, Number.NaN)).toBeNull();
  });
});
