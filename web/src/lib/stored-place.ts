import type { PlaceValue } from './profile-text-fields';

const coordinate = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A location field's value kept in this tab's storage (a form's draft), read back: its text, and
 * the coordinates of the suggestion chosen; null when what is kept is not one.
 */
export function storedPlace(value: unknown): PlaceValue | null {
  const place = value as Partial<PlaceValue> | null | undefined;
  if (!place || typeof place !== 'object' || typeof place.location !== 'string') return null;
  return { location: place.location, latitude: coordinate(place.latitude), longitude: coordinate(place.longitude) };
}
