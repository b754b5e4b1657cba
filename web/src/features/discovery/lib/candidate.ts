import type { CandidateView } from '@aero/contracts/shared';
import { text, type Text } from '../../../i18n/message-key';

// How a candidate reads on a card and in the detail (pure).

/** The photos to show, main photo first. */
export function photosOf(c: Pick<CandidateView, 'photos' | 'mainPhoto'>): string[] {
  const main = c.mainPhoto && c.photos.includes(c.mainPhoto) ? c.mainPhoto : null;
  return main ? [main, ...c.photos.filter((p) => p !== main)] : [...c.photos];
}

/** 'Maya' or 'User' (spec §2 uses 'User' for a missing first name). */
export const nameOf = (c: { firstName: string | null }): Text | string => c.firstName || text('discovery.user');

/** 'Flight Attendant at Delta Air Lines', or whichever of the two is known. */
export function jobOf(c: Pick<CandidateView, 'position' | 'airline'>, positionLabel: (value: string) => string): Text | string | null {
  if (c.position && c.airline) return text('discovery.card.jobAt', { position: positionLabel(c.position), airline: c.airline });
  if (c.position) return positionLabel(c.position);
  return c.airline ?? null;
}
