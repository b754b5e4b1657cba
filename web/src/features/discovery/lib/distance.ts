import { DISTANCE_BANDS_KM, type DistanceBand } from '@aero/contracts/shared';
import { text, type Text } from '../../../i18n/message-key';

export type DistanceUnit = 'miles' | 'kilometers';

/**
 * A candidate's distance band in the member's unit (local settings): 'under 5 miles' …
 * 'under 250 miles', or 'under 8 km' … 'under 400 km'. A card without a band (unknown, hidden by
 * its owner, or beyond the last band: the server does not tell these apart) shows none.
 */
export function distanceLabel(band: DistanceBand | null | undefined, unit: DistanceUnit): Text | null {
  if (band == null) return null;
  return unit === 'kilometers' ? text('discovery.distance.underKm', { count: DISTANCE_BANDS_KM[band] }) : text('discovery.distance.underMiles', { count: band });
}
