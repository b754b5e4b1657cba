/** a wall-clock time where the layover is, to the minute: '2026-03-06T18:30' (a datetime-local value) */
export const LOCAL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** One answer of GET /api/airports: a US airport by its IATA code, with the city it serves. */
export interface AirportView {
  code: string;
  name: string;
  city: string;
  /** the state's full name */
  state: string;
  /** 'DEN · Denver, Colorado' */
  label: string;
  /** IANA time zone: a layover's times are entered in it */
  timeZone: string;
}

/**
 * The member's own layover (GET/PUT /api/layover): where (a city, never a hotel or an address)
 * and when, as instants and as the wall-clock times of the layover's time zone.
 */
export interface LayoverView {
  /** 'Chicago, Illinois' */
  label: string;
  city: string;
  state: string;
  /** the airport it was added with, or null for a city */
  airport: string | null;
  timeZone: string;
  arrivesAt: string;
  departsAt: string;
  /** the same instants as wall-clock times where the layover is ('2026-03-06T18:30') */
  localArrivesAt: string;
  localDepartsAt: string;
  /** only verified crew in the overlap see it */
  verifiedCrewOnly: boolean;
  /** nights between arrival and departure, counted in the layover's time zone */
  nights: number;
  /** true from arrival to departure: the deck then shows the layover's place instead of home */
  current: boolean;
}

/** What a card says of a member's layover, only to members in its overlap: the city and the nights. */
export interface CandidateLayoverView {
  city: string;
  nights: number;
}

/** nights a stay from `arrival` to `departure` (wall-clock 'YYYY-MM-DD…' of one zone) spans: calendar days between them */
export const layoverNights = (localArrival: string, localDeparture: string) =>
  Math.max(0, Math.round((Date.parse(localDeparture.slice(0, 10)) - Date.parse(localArrival.slice(0, 10))) / 86_400_000));
