import { badRequest, ErrorCodes, type LayoverPlace, Limits, Messages, type SaveLayoverBody, ServerLimits } from '@aero/contracts';
import { AirportIndex } from './airport-index.js';
import { normalizePlaceText, PlaceIndex } from './place-index.js';

let placeIndex: PlaceIndex | undefined;
let airportIndex: AirportIndex | undefined;

/** the bundled US places (data/us-places.json), loaded once per process on first use (about 16,000, a few ms) */
export const places = () => (placeIndex ??= PlaceIndex.load());
/** the bundled US airports (data/us-airports.json), loaded once per process on first use */
export const airports = () => (airportIndex ??= AirportIndex.load());

/** the time zone a US place keeps: its state's nearest airport's (a place in the gazetteer has none of its own) */
export const placeZone = (place: { latitude: string; longitude: string; state: string }) => airports().zoneAt(Number(place.latitude), Number(place.longitude), place.state);

/** a base airport must be one of the bundled airports (400 otherwise) */
export function checkAirport(code: string | null | undefined) {
  if (code && !airports().find(code)) throw badRequest(Messages.unknownAirport, ErrorCodes.unknownAirport);
}

/**
 * Where a layover is, from the bundled data: an airport counts as the city it serves (its
 * centre and zone), a US city ('Chicago, Illinois', as GET /api/places labels it) takes the zone
 * of its state's nearest airport; with the airports whose city centre is within the layover radius
 * (members based at one of them are there). Never more precise than a city.
 */
export function layoverPlace(body: Pick<SaveLayoverBody, 'airport' | 'city'>): LayoverPlace {
  const near = (latitude: number, longitude: number) => airports().within(latitude, longitude, ServerLimits.layoverRadiusKm);
  if (body.airport) {
    const a = airports().find(body.airport);
    if (!a) throw badRequest(Messages.unknownAirport, ErrorCodes.unknownAirport);
    return { label: `${a.city}, ${a.state}`, city: a.city, state: a.state, airport: a.code, latitude: a.latitude, longitude: a.longitude, timeZone: a.timeZone, nearbyAirports: near(a.latitude, a.longitude) };
  }
  const wanted = normalizePlaceText(body.city ?? '');
  const city = wanted ? places().search(body.city!, Limits.locationSearchFetch).find((p) => normalizePlaceText(p.label) === wanted) : undefined;
  if (!city) throw badRequest(Messages.layoverPlaceUnknown, ErrorCodes.layoverPlaceUnknown);
  const [latitude, longitude] = [Number(city.latitude), Number(city.longitude)];
  return { label: city.label, city: city.city, state: city.state, airport: null, latitude, longitude, timeZone: placeZone(city), nearbyAirports: near(latitude, longitude) };
}
