import type { LayoverView } from '@aero/contracts';

/** A member's layover as discovery keeps it: a city's centre and a window, never a hotel or an address. */
export interface Layover {
  userId: string;
  label: string;
  city: string;
  state: string;
  airport: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  arrivesAt: Date;
  departsAt: Date;
  localArrivesAt: string;
  localDepartsAt: string;
  nights: number;
  verifiedOnly: boolean;
  /** airports whose city centre is within the layover radius: members based at one are there */
  nearbyAirports: string[];
}

/** from arrival to departure: the deck then shows the layover's place instead of home */
export const isCurrent = (l: Pick<Layover, 'arrivesAt' | 'departsAt'>, now: Date) => l.arrivesAt <= now && now < l.departsAt;

export const toLayoverView = (l: Layover, now: Date): LayoverView => ({
  label: l.label,
  city: l.city,
  state: l.state,
  airport: l.airport,
  timeZone: l.timeZone,
  arrivesAt: l.arrivesAt.toISOString(),
  departsAt: l.departsAt.toISOString(),
  localArrivesAt: l.localArrivesAt,
  localDepartsAt: l.localDepartsAt,
  verifiedCrewOnly: l.verifiedOnly,
  nights: l.nights,
  current: isCurrent(l, now),
});
