import { DISTANCE_BANDS_MILES, type DistanceBand } from '@aero/contracts';

/** Grid step in degrees of latitude: 0.01° ≈ 1.11 km, so no cell is smaller than 1 km. */
export const GRID_DEGREES = 0.01;
const EARTH_RADIUS_MILES = 3958.8;

export interface Cell {
  lat: number;
  lng: number;
}

/**
 * Snaps a position to the centre of its grid cell before anything is stored or compared
 * (Duolicious-style location privacy): the cell's longitude step widens towards the poles so a
 * cell stays at least 1 km wide. Everything downstream only ever sees cells.
 */
export function snapToGrid(latitude: number | null, longitude: number | null): Cell | null {
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const lat = (Math.floor(latitude / GRID_DEGREES) + 0.5) * GRID_DEGREES;
  const lngStep = GRID_DEGREES / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const lng = (Math.floor(longitude / lngStep) + 0.5) * lngStep;
  return { lat: round(lat), lng: round(lng) };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** distance between two cell centres in miles (equirectangular: exact enough at these scales) */
export function milesBetween(a: Cell, b: Cell): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return EARTH_RADIUS_MILES * Math.sqrt(x * x + y * y);
}

/** the smallest band the distance fits under; null beyond the last one */
export function distanceBand(miles: number | null): DistanceBand | null {
  if (miles === null) return null;
  return DISTANCE_BANDS_MILES.find((band) => miles <= band) ?? null;
}
