import { Transactions } from '@aero/common';
import { DISTANCE_BANDS_MILES, type FilterPreferencesView, type PublicProfileView, ServerLimits, type SubscriptionStatus, type UserType, type VerificationStatus } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { NOT_BLOCKED } from '../blocks/block.repository.js';

import { type Candidate, type DeckFilters, type DeckRow, interestFor, wantedGender } from './candidate.js';
import type { Cell } from './location-grid.js';

interface CandidateRecord {
  user_id: string;
  profile: PublicProfileView | null;
  profile_completed: boolean;
  age: number | null;
  gender: string | null;
  interested_in: string | null;
  age_min: number;
  age_max: number;
  distance_pref: number | null;
  cell_lat: number | null;
  cell_lng: number | null;
  user_type: UserType | null;
  subscription_status: SubscriptionStatus;
  demo: boolean;
  registered_at: Date | null;
  verification: VerificationStatus;
  staff_access_until: Date | null;
  boost_until: Date | null;
  boost_started_at: Date | null;
  super_likes_used: number;
  super_likes_day: string | null;
  filters: FilterPreferencesView | null;
  visibility: Candidate['visibility'];
  show_age: boolean;
  show_distance: boolean;
  restricted_until_ms: number | null;
  base_airport: string | null;
  hide_own_airline: boolean;
}

const toCandidate = (r: CandidateRecord): Candidate => ({
  userId: r.user_id,
  profile: r.profile,
  profileCompleted: r.profile_completed,
  age: r.age,
  gender: r.gender,
  interestedIn: r.interested_in,
  ageMin: r.age_min,
  ageMax: r.age_max,
  distancePreference: r.distance_pref,
  cell: r.cell_lat === null || r.cell_lng === null ? null : { lat: r.cell_lat, lng: r.cell_lng },
  userType: r.user_type,
  subscriptionStatus: r.subscription_status,
  demo: r.demo,
  registeredAt: r.registered_at,
  verification: r.verification,
  staffAccessUntil: r.staff_access_until,
  boostUntil: r.boost_until,
  boostStartedAt: r.boost_started_at,
  superLikesUsed: r.super_likes_used,
  superLikesDay: r.super_likes_day,
  filters: r.filters,
  visibility: r.visibility,
  showAge: r.show_age,
  showDistance: r.show_distance,
  restrictedUntilMs: r.restricted_until_ms,
  baseAirport: r.base_airport,
  hideOwnAirline: r.hide_own_airline,
});

/** SQL: the candidate `c` is not banned, nor suspended at `now` (an SQL expression of the service's clock) */
export const NOT_RESTRICTED = (c: string, now: string) => `(${c}.restricted_until IS NULL OR ${c}.restricted_until <= ${now})`;

/** what SHOWN_TO needs of the one who looks, in its order: verified airline staff, their airline (an airline member's, else null), whether they hide from it */
export const lookerTerms = (looker: Candidate | null) =>
  [looker?.userType === 'airline' && !!looker.profile?.verified, looker?.userType === 'airline' ? (looker.profile?.airline ?? null) : null, looker?.hideOwnAirline ?? false] as const;

/**
 * SQL: the candidate `c`'s privacy lets the one who looks see them, as `visibleTo` says: not
 * hidden, shown to everyone or to verified airline staff only, and not hidden by their airline
 * (either side's `hideFromOwnAirline`). The arguments are SQL parameters of `lookerTerms`.
 */
export const SHOWN_TO = (c: string, [verifiedStaff, ownAirline, hidesOwnAirline]: [string, string, string]) =>
  `${c}.visibility <> 'hidden' AND (${c}.visibility = 'everyone' OR ${verifiedStaff}::boolean)
           AND NOT (${ownAirline}::text IS NOT NULL AND ${c}.airline = ${ownAirline} AND ${c}.user_type = 'airline' AND (${c}.hide_own_airline OR ${hidesOwnAirline}::boolean))`;

/**
 * SQL: a member's age (`age`, an int expression) is within `min`..`max` (SQL expressions; null: no
 * bound on that side) as `ageInRange` says: exactly when they show it, by the band that holds it
 * when they hide it (the range widened to whole bands: an age's band reaches `min` when the age is
 * at least the first year of `min`'s band). `shown` says whether they show it: a boolean SQL
 * expression, or its value when known (then only that rule is written). The exact range comes
 * first and the band's only for those who hide their age, so the common case reads and is
 * estimated by the planner as the plain range it was.
 */
export const AGE_IN_RANGE = (age: string, shown: string | boolean, min: string | null, max: string | null) => {
  const years = ServerLimits.hiddenAgeBandYears;
  const range = (from: string | null, to: string | null) => [...(from === null ? [] : [`${age} >= ${from}`]), ...(to === null ? [] : [`${age} <= ${to}`])].join(' AND ') || 'true';
  const exact = range(min, max);
  const band = range(min === null ? null : `(${min})::int / ${years} * ${years}`, max === null ? null : `(${max})::int / ${years} * ${years} + ${years - 1}`);
  return shown === true ? `(${exact})` : shown === false ? `(${band})` : `(${exact} OR (NOT ${shown} AND ${band}))`;
};

/**
 * every column, the super-like day as its ISO text (a `date` would come back as a local Date), the
 * end of a restriction in ms (a ban's 'infinity' as Infinity): compared with the service's clock
 */
const COLUMNS = `user_id, profile, profile_completed, age, gender, interested_in, age_min, age_max, distance_pref, cell_lat, cell_lng,
  user_type, subscription_status, demo, registered_at, verification, staff_access_until, boost_until, boost_started_at, super_likes_used, super_likes_day::text AS super_likes_day, filters, visibility, show_age, show_distance,
  base_airport, hide_own_airline,
  (extract(epoch FROM restricted_until) * 1000)::float8 AS restricted_until_ms`;

/** distance in miles between two cells, as SQL over (lat1, lng1, lat2, lng2) expressions */
const MILES = (lat1: string, lng1: string, lat2: string, lng2: string) =>
  `3958.8 * sqrt(power(radians(${lat2} - ${lat1}), 2) + power(radians(${lng2} - ${lng1}) * cos(radians((${lat1} + ${lat2}) / 2)), 2))`;

/** the ordinal of a distance in miles among the bands (0: within 5 … 5: within 250, 6: beyond, 7: unknown), as SQL */
const BAND = (miles: string) => `CASE WHEN ${miles} IS NULL THEN 7 ${DISTANCE_BANDS_MILES.map((band, i) => `WHEN ${miles} <= ${band} THEN ${i}`).join(' ')} ELSE ${DISTANCE_BANDS_MILES.length} END`;

const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;
/** the radii (miles) the home deck reads first, each a band's edge; it widens only when one is too few */
const HOME_DECK_RADII = [25, 100, DISTANCE_BANDS_MILES[DISTANCE_BANDS_MILES.length - 1]];

/**
 * How far a member who hides their distance may be for a member who wants members within `reach`
 * miles: the reach widened to the home deck's radii (10 and 25 miles: 25; 50 and 100: 100; 250:
 * 250), as a hidden age is matched by its five-year band. So no choice of distance preference
 * tells more of a hidden distance than which of those rings holds it, which the deck's own steps
 * show anyway. Null: any distance.
 */
export const hiddenDistanceReach = (reach: number | null) => (reach === null ? null : (HOME_DECK_RADII.find((r) => r >= reach) ?? reach));

/** in SQL, the ring (see hiddenDistanceReach) that holds a distance: how a hidden distance is ranked */
const RING = (miles: string) => `CASE ${HOME_DECK_RADII.map((r) => `WHEN ${miles} <= ${r} THEN ${r}`).join(' ')} ELSE ${miles} END`;

/**
 * One query of a home deck, the cards it finds coming after those of the steps before it:
 * `firsts`, those ranked before any distance (boosted now, who liked me) and the members within
 * `to` miles; `ring`, the members beyond `from` and within `to` miles; `beyond`, those beyond
 * `from` miles (the last band); `unplaced`, those without a distance. The box holds every cell
 * within `to` miles of the member's (by MILES: west, south, east, north).
 */
export interface HomeDeckStep {
  part: 'firsts' | 'ring' | 'beyond' | 'unplaced';
  from: number;
  to: number;
  box: [number, number, number, number] | null;
}

/**
 * The steps of a home deck for a member at `cell` who wants members within `reach` miles (null:
 * any distance): within 25 miles, 100, 250 (none beyond the reach), beyond 250 (no reach), then
 * without a distance. Each step is read only while the deck is not full.
 */
export function homeDeckSteps(cell: Cell | null, reach: number | null): HomeDeckStep[] {
  const unplaced: HomeDeckStep = { part: 'unplaced', from: 0, to: 0, box: null };
  if (!cell) return [{ part: 'firsts', from: 0, to: 0, box: null }, unplaced];
  const radii = [...HOME_DECK_RADII.filter((r) => reach === null || r < reach), ...(reach === null ? [] : [reach])];
  const steps = radii.map((to, i): HomeDeckStep => {
    // MILES uses the cosine of the mean latitude: at most the box's highest latitude, so the box is wide enough
    const dLat = (to / MILES_PER_DEGREE) * 1.001;
    const top = Math.abs(cell.lat) + dLat;
    const dLng = top >= 89 ? 360 : dLat / Math.cos((top * Math.PI) / 180);
    return { part: i === 0 ? 'firsts' : 'ring', from: radii[i - 1] ?? 0, to, box: [cell.lng - dLng, cell.lat - dLat, cell.lng + dLng, cell.lat + dLat] };
  });
  const last = radii[radii.length - 1];
  return [...steps, ...(reach === null ? [{ part: 'beyond' as const, from: last, to: 0, box: null }] : []), unplaced];
}

/** kilometres between two positions, as SQL like MILES */
const KM = (lat1: string, lng1: string, lat2: string, lng2: string) => `(${MILES(lat1, lng1, lat2, lng2)}) * 1.609344`;

/** where the member is on a layover the deck is asked for (see LayoverRepository) */
export interface DeckLayover {
  latitude: number;
  longitude: number;
  arrivesAt: Date;
  departsAt: Date;
  nearbyAirports: string[];
}

/** The only place that touches the database for the deck's read model. */
@Injectable()
export class CandidateRepository {
  constructor(private readonly db: Transactions) {}

  async find(userId: string): Promise<Candidate | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM discovery.candidates WHERE user_id = $1`, [userId]);
    return row ? toCandidate(row) : null;
  }

  /**
   * A member and another, and whether a block stands between them (made by either), in one read.
   * Neither leaves before the transaction ends (their rows are locked against deletion only): a
   * member's deletion waits for a like, then takes its match with it; a like waits for a deletion
   * under way, then finds no one.
   */
  /** the two members, whether there is a block between them (`blocked`), and whether the member made one (`blockedByMember`) */
  async findPair(userId: string, otherId: string): Promise<{ member: Candidate | null; other: Candidate | null; blocked: boolean; blockedByMember: boolean }> {
    const rows: (CandidateRecord & { blocked: boolean; blocked_by_member: boolean })[] = await this.db.manager.query(
      `SELECT ${COLUMNS}, NOT ${NOT_BLOCKED('$1::uuid', '$2::uuid')} AS blocked,
              EXISTS (SELECT 1 FROM discovery.blocks bl WHERE bl.blocker_id = $1::uuid AND bl.blocked_id = $2::uuid) AS blocked_by_member
       FROM discovery.candidates WHERE user_id IN ($1, $2) FOR KEY SHARE`,
      [userId, otherId],
    );
    const member = rows.find((r) => r.user_id === userId);
    const other = rows.find((r) => r.user_id === otherId);
    return { member: member ? toCandidate(member) : null, other: other ? toCandidate(other) : null, blocked: rows.some((r) => r.blocked), blockedByMember: rows.some((r) => r.blocked_by_member) };
  }

  /** the member, whose row cannot leave before the transaction ends (a deletion under way is waited for, then finds what this stored) */
  async findHeld(userId: string): Promise<Candidate | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM discovery.candidates WHERE user_id = $1 FOR KEY SHARE`, [userId]);
    return row ? toCandidate(row) : null;
  }

  /** locks the member's row against other changes for the rest of the transaction (super likes, boost; findPair's lock allows it) */
  async findForUpdate(userId: string): Promise<Candidate | null> {
    const [row] = await this.db.manager.query(`SELECT ${COLUMNS} FROM discovery.candidates WHERE user_id = $1 FOR NO KEY UPDATE`, [userId]);
    return row ? toCandidate(row) : null;
  }

  /**
   * The profile part of the read model (profiles events), applied only when `revision` is not
   * older than the one applied before (a late, older event changes nothing; the same revision
   * again is the same state, and lets a rebuild fill in what was added since) and never for a
   * member who left; the account part is kept. True when applied. Another base airport (or the
   * first profile) is stamped with the time it was applied (`base_airport_changed_at`; the deck
   * shows visitors' layovers at a base only to members based there before they were declared).
   */
  async upsertProfile(
    c: Pick<Candidate, 'userId' | 'profile' | 'profileCompleted' | 'age' | 'gender' | 'interestedIn' | 'ageMin' | 'ageMax' | 'distancePreference' | 'cell' | 'verification'>,
    revision: number,
  ): Promise<boolean> {
    const rows = await this.db.manager.query(
      `INSERT INTO discovery.candidates (user_id, profile, profile_completed, age, gender, interested_in, airline, position, age_min, age_max, distance_pref, cell_lat, cell_lng, verification, profile_revision, base_airport, base_airport_changed_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now() WHERE NOT EXISTS (SELECT 1 FROM discovery.departed_members WHERE user_id = $1)
       ON CONFLICT (user_id) DO UPDATE SET profile = $2, profile_completed = $3, age = $4, gender = $5, interested_in = $6, airline = $7, position = $8,
         age_min = $9, age_max = $10, distance_pref = $11, cell_lat = $12, cell_lng = $13, verification = $14, profile_revision = $15, base_airport = $16,
         base_airport_changed_at = CASE WHEN discovery.candidates.base_airport IS DISTINCT FROM $16 THEN now() ELSE discovery.candidates.base_airport_changed_at END
       WHERE discovery.candidates.profile_revision <= $15
       RETURNING user_id`,
      [c.userId, c.profile, c.profileCompleted, c.age, c.gender, c.interestedIn, c.profile?.airline ?? null, c.profile?.position ?? null, c.ageMin, c.ageMax, c.distancePreference, c.cell?.lat ?? null, c.cell?.lng ?? null, c.verification, revision, c.profile?.baseAirport ?? null],
    );
    return rows.length > 0;
  }

  /** the account part of the read model (identity events), by revision like the profile part; an unknown registration time keeps the one known */
  async upsertAccount(c: Pick<Candidate, 'userId' | 'userType' | 'subscriptionStatus' | 'demo' | 'registeredAt'>, revision: number, restrictedUntil: string | null = null): Promise<boolean> {
    const rows = await this.db.manager.query(
      `INSERT INTO discovery.candidates (user_id, user_type, subscription_status, demo, registered_at, account_revision, restricted_until)
       SELECT $1, $2, $3, $4, $5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM discovery.departed_members WHERE user_id = $1)
       ON CONFLICT (user_id) DO UPDATE SET user_type = $2, subscription_status = $3, demo = $4, registered_at = coalesce($5, discovery.candidates.registered_at), account_revision = $6, restricted_until = $7
       WHERE discovery.candidates.account_revision <= $6
       RETURNING user_id`,
      [c.userId, c.userType, c.subscriptionStatus, c.demo, c.registeredAt, revision, restrictedUntil],
    );
    return rows.length > 0;
  }

  /** a ban ('infinity') or a suspension's end, by account revision like the rest of the account part */
  async restrict(userId: string, restrictedUntil: string | null, revision: number): Promise<boolean> {
    // an UPDATE … RETURNING answers [rows, count] through TypeORM
    const [rows]: [unknown[], number] = await this.db.manager.query(
      `UPDATE discovery.candidates SET restricted_until = $2, account_revision = $3 WHERE user_id = $1 AND account_revision < $3 RETURNING user_id`,
      [userId, restrictedUntil, revision],
    );
    return rows.length > 0;
  }

  /** the end of the member's free use as airline staff, from both parts above (the deck admits by it) */
  async setStaffAccessUntil(userId: string, until: Date | null) {
    await this.db.manager.query(`UPDATE discovery.candidates SET staff_access_until = $2 WHERE user_id = $1`, [userId, until]);
  }

  /** the privacy part of the read model (profiles.settings.changed), by revision */
  async upsertPrivacy(userId: string, privacy: { visibility: Candidate['visibility']; showAge: boolean; showDistance: boolean; hideOwnAirline: boolean }, revision: number): Promise<boolean> {
    const rows = await this.db.manager.query(
      `INSERT INTO discovery.candidates (user_id, visibility, show_age, show_distance, hide_own_airline, settings_revision)
       SELECT $1, $2, $3, $4, $6, $5 WHERE NOT EXISTS (SELECT 1 FROM discovery.departed_members WHERE user_id = $1)
       ON CONFLICT (user_id) DO UPDATE SET visibility = $2, show_age = $3, show_distance = $4, hide_own_airline = $6, settings_revision = $5
       WHERE discovery.candidates.settings_revision < $5
       RETURNING user_id`,
      [userId, privacy.visibility, privacy.showAge, privacy.showDistance, revision, privacy.hideOwnAirline],
    );
    return rows.length > 0;
  }

  async setBoost(userId: string, startedAt: Date, until: Date) {
    await this.db.manager.query(`UPDATE discovery.candidates SET boost_started_at = $2, boost_until = $3 WHERE user_id = $1`, [userId, startedAt, until]);
  }

  async setSuperLikes(userId: string, used: number, day: string) {
    await this.db.manager.query(`UPDATE discovery.candidates SET super_likes_used = $2, super_likes_day = $3 WHERE user_id = $1`, [userId, used, day]);
  }

  async setFilters(userId: string, filters: FilterPreferencesView) {
    await this.db.manager.query(`INSERT INTO discovery.candidates (user_id, filters) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET filters = $2`, [userId, filters]);
  }

  /**
   * The member is active now. `last_active_at` moves at most once a minute: the deck orders by it
   * to the minute, and each move writes a new row version with an entry in every index of the table
   * (it is indexed), and the member's layover row through a trigger, on every deck and swipe.
   */
  async touch(userId: string) {
    await this.db.manager.query(`UPDATE discovery.candidates SET last_active_at = now() WHERE user_id = $1 AND last_active_at < now() - interval '1 minute'`, [userId]);
  }

  /** the member left: gone from the read model, and no late event of theirs brings them back */
  async delete(userId: string) {
    await this.db.manager.query(`DELETE FROM discovery.candidates WHERE user_id = $1`, [userId]);
    await this.db.manager.query(`INSERT INTO discovery.departed_members (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  }

  /**
   * The next cards for `me` at `now`: everyone visible (complete profile, and admitted: an active
   * subscription, airline staff until `staff_access_until`, or the demo crew, as `admitted` says),
   * not `me`, not yet swiped by `me`, not hidden from `me` by their airline or `me`'s
   * (`hideFromOwnAirline`), fitting both ways (gender and interest, each side's age range: a member
   * who hides their age by its band, `AGE_IN_RANGE`), narrowed by `filters` (the same for their age
   * range), and where `me` is:
   * - at home: each side's distance preference when both have a position; and for airline staff
   *   with a base airport, also the verified crew on a layover there now (`nearby_airports`), with
   *   their layover (unless it is for verified crew only and `me` is not verified), when it was
   *   declared after `me`'s base airport was set: moving one's base from airport to airport finds
   *   no current layover;
   * - on a layover (`options.layover`): only verified airline members in the same place during
   *   an overlapping window — on a layover within the radius of its city's centre, or based at an
   *   airport serving it and not away for all the rest of `me`'s window — and no distance.
   * Boosted members first, then those who already liked `me`, then by distance band and recent
   * activity. `demo` limits it to the demo crew, or to real members.
   */
  async deck(me: Candidate, filters: DeckFilters, options: { limit: number; now: Date; demo?: boolean; layover?: DeckLayover | null }): Promise<DeckRow[]> {
    const [verifiedStaff, ownAirline, hidesOwnAirline] = lookerTerms(me);
    const params: unknown[] = [me.userId, wantedGender(me.interestedIn), interestFor(me.gender), me.ageMin, me.ageMax, me.age, verifiedStaff, options.now, ownAirline, hidesOwnAirline];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const extra: string[] = [];
    const add = (sql: (p: string) => string, value: unknown) => extra.push(sql(p(value)));
    // a member who hides their age by its band only, as in every age range (AGE_IN_RANGE)
    if (filters.minAge !== null || filters.maxAge !== null)
      extra.push(AGE_IN_RANGE('c.age', 'c.show_age', filters.minAge === null ? null : p(filters.minAge), filters.maxAge === null ? null : p(filters.maxAge)));
    if (filters.airlines.length) add((p) => `c.airline = ANY(${p}::text[])`, filters.airlines);
    if (filters.positions.length) add((p) => `c.position = ANY(${p}::text[])`, filters.positions);
    if (filters.gender) add((p) => `c.gender = ${p}`, filters.gender);
    if (filters.baseAirports.length) add((p) => `c.base_airport = ANY(${p}::text[])`, filters.baseAirports);
    if (options.demo !== undefined) extra.push(options.demo ? 'c.demo' : 'NOT c.demo');

    params.push(options.limit);
    const limit = `$${params.length}`;
    // every rule a card must pass but where it is (the candidate is `c`)
    const fits = `c.user_id <> $1
           AND c.profile_completed AND c.user_type IS NOT NULL
           AND (c.subscription_status = 'active' OR c.staff_access_until > $8 OR c.demo)
           AND ${SHOWN_TO('c', ['$7', '$9', '$10'])}
           AND ${NOT_RESTRICTED('c', '$8')}
           AND NOT EXISTS (SELECT 1 FROM discovery.swipes s WHERE s.user_id = $1 AND s.target_id = c.user_id)
           AND ${NOT_BLOCKED('$1', 'c.user_id')}
           AND ($2::text IS NULL OR c.gender = $2)
           AND (c.interested_in = 'both' OR c.interested_in = $3)
           AND ${AGE_IN_RANGE('c.age', 'c.show_age', '$4::int', '$5::int')}
           AND ${AGE_IN_RANGE('$6::int', me.showAge, 'c.age_min', 'c.age_max')}
           ${extra.map((e) => `AND ${e}`).join(' ')}`;
    const verifiedCrew = `c.user_type = 'airline' AND c.verification = 'approved'`;

    // who is "here" with their layover (city, nights): the place's crew on a layover (or at home: visitors at my base)
    let here = 'SELECT NULL::uuid AS user_id, NULL::text AS city, NULL::int AS nights WHERE false';
    const layover = options.layover;
    if (layover) {
      const lat = p(layover.latitude);
      const lng = p(layover.longitude);
      const radius = p(ServerLimits.layoverRadiusKm);
      const arrives = p(layover.arrivesAt);
      const departs = p(layover.departsAt);
      const airports = p(layover.nearbyAirports);
      const dLat = ServerLimits.layoverRadiusKm / 111.2;
      const dLng = dLat / Math.max(Math.cos((layover.latitude * Math.PI) / 180), 0.01);
      // the window still to come, for the index layovers_where_when (the comparisons before it say the same)
      const from = options.now > layover.arrivesAt ? options.now : layover.arrivesAt;
      const window = from < layover.departsAt ? `AND tstzrange(l.arrives_at, l.departs_at) && tstzrange(${p(from)}, ${departs}, '()')` : '';
      // on a layover there during the window, within the radius of its city's centre
      const visiting = `l.departs_at > $8 AND l.arrives_at < ${departs} AND l.departs_at > ${arrives} ${window}
            AND point(l.lng, l.lat) <@ box(point(${lng}::float8 - ${dLng}, ${lat}::float8 - ${dLat}), point(${lng}::float8 + ${dLng}, ${lat}::float8 + ${dLat}))
            AND ${KM('l.lat', 'l.lng', `${lat}::float8`, `${lng}::float8`)} <= ${radius}`;
      // verified airline members based at an airport serving the place, there for some of the window
      // still to come (from now, which is within it, to my departure): not when their own layover
      // (a member has one) keeps them away all that time. One who flies out later, or is back
      // before I leave, is in the same place during an overlapping window (issue 17).
      const based = `${verifiedCrew} AND NOT EXISTS (SELECT 1 FROM discovery.layovers x WHERE x.user_id = c.user_id AND x.arrives_at <= $8 AND x.departs_at >= ${departs})`;
      // Only the first cards of each part can be among the deck's: the most recently active who fit
      // (by the indexes layovers_where_when and candidates_based_crew_active, per airport), and all
      // those the order puts first: boosted now, or who liked me.
      const firsts = `SELECT c.user_id FROM discovery.candidates c WHERE c.boost_until > $8
          UNION SELECT s.user_id FROM discovery.swipes s WHERE s.target_id = $1 AND s.action <> 'pass'`;
      // (`member_active_at` is the member's `last_active_at`, on the layover's row: see AddLayoverDeckIndexes)
      here = `(SELECT v.user_id, v.city, v.nights
            FROM (SELECT l.user_id, l.city, l.nights, l.member_active_at FROM discovery.layovers l WHERE ${visiting} ORDER BY l.member_active_at DESC, l.user_id) v
            JOIN discovery.candidates c ON c.user_id = v.user_id
            WHERE ${verifiedCrew} AND ${fits}
            ORDER BY v.member_active_at DESC, v.user_id LIMIT ${limit})
        UNION
        SELECT b.user_id, NULL, NULL FROM unnest(${airports}::text[]) a(code) CROSS JOIN LATERAL (
            SELECT c.user_id FROM discovery.candidates c
            WHERE c.base_airport = a.code AND ${based} AND ${fits}
            ORDER BY c.last_active_at DESC, c.user_id LIMIT ${limit}) b
        UNION
        SELECT l.user_id, l.city, l.nights FROM discovery.layovers l WHERE l.user_id IN (${firsts}) AND ${visiting}
        UNION
        SELECT c.user_id, NULL, NULL FROM discovery.candidates c WHERE c.user_id IN (${firsts}) AND c.base_airport = ANY(${airports}::text[]) AND ${based}`;
    } else if (me.baseAirport && me.userType === 'airline') {
      here = `SELECT l.user_id, l.city, l.nights FROM discovery.layovers l
        WHERE l.nearby_airports @> ARRAY[${p(me.baseAirport)}]::text[] AND l.arrives_at <= $8 AND l.departs_at > $8 AND (NOT l.verified_only OR $7::boolean)
          AND l.created_at > (SELECT m.base_airport_changed_at FROM discovery.candidates m WHERE m.user_id = $1)`;
    }
    const likedMe = `EXISTS (SELECT 1 FROM discovery.swipes l WHERE l.user_id = c.user_id AND l.target_id = $1 AND l.action <> 'pass')`;
    type Row = { user_id: string; profile: PublicProfileView; miles: number | null; band: number; boosted: boolean; liked_me: boolean; show_age: boolean; show_distance: boolean; layover_city: string | null; layover_nights: number | null };
    const toRows = (rows: Row[]): DeckRow[] =>
      rows.map((r) => ({
        userId: r.user_id,
        profile: r.show_age ? r.profile : { ...r.profile, age: null },
        miles: r.miles === null || !r.show_distance ? null : Number(r.miles),
        boosted: r.boosted,
        likedMe: r.liked_me,
        layover: r.layover_city === null || r.layover_nights === null ? null : { city: r.layover_city, nights: r.layover_nights },
      }));

    if (layover) {
      // on a layover: only those "here", no distance
      const rows: Row[] = await this.db.manager.query(
        `WITH here AS (${here})
         SELECT c.user_id, c.profile, NULL::float8 AS miles, 7 AS band, coalesce(c.boost_until > $8, false) AS boosted, ${likedMe} AS liked_me,
                c.show_age, c.show_distance, h.city AS layover_city, h.nights AS layover_nights
         FROM discovery.candidates c
         -- once each: crew based here on a layover here too are both, and their layover is the card's
         JOIN (SELECT DISTINCT ON (user_id) user_id, city, nights FROM here ORDER BY user_id, city NULLS LAST) h ON h.user_id = c.user_id AND ${verifiedCrew}
         WHERE ${fits}
         ORDER BY boosted DESC, liked_me DESC, c.last_active_at DESC, c.user_id
         LIMIT ${limit}`,
        params,
      );
      return toRows(rows);
    }

    // At home the order is by distance band before recent activity, so the first cards are the
    // nearest: the deck reads the members within a radius (a box around `me`, by the index
    // candidates_where) with those ranked before any distance (boosted now, or who liked me: "firsts",
    // by their own indexes), and only when they are too few for the deck, the next ring, then those
    // beyond the last band, then those without a distance (no position, or visiting crew "here"),
    // each after the cards already found (see homeDeckSteps). One part per query keeps planning short.
    // A member who hides their distance is within reach by the wider rule of hiddenDistanceReach,
    // both ways (the viewer's preference, and their own, read by its ring), and ranks as the farthest
    // band of their ring: neither preference nor the order within a step tells their band.
    const hasHere = !!me.baseAirport && me.userType === 'airline';
    const lat = p(me.cell?.lat ?? null);
    const lng = p(me.cell?.lng ?? null);
    const reach = p(me.distancePreference);
    const hiddenReach = p(hiddenDistanceReach(me.distancePreference));
    const isHere = hasHere ? 'h.user_id IS NOT NULL' : 'false';
    const firsts = `ARRAY(SELECT b.user_id FROM discovery.candidates b WHERE b.boost_until > $8 UNION ALL SELECT s.user_id FROM discovery.swipes s WHERE s.target_id = $1 AND s.action <> 'pass')`;
    const miles = `CASE WHEN ${isHere} OR ${lat}::float8 IS NULL OR c.cell_lat IS NULL THEN NULL ELSE ${MILES(`${lat}::float8`, `${lng}::float8`, 'c.cell_lat', 'c.cell_lng')} END`;
    const cards: DeckRow[] = [];
    for (const step of homeDeckSteps(me.cell, hiddenDistanceReach(me.distancePreference))) {
      const stepParams = [...params];
      const q = (value: unknown) => `$${stepParams.push(value)}`;
      const box = () => (step.box ? `point(c.cell_lng, c.cell_lat) <@ box(point(${q(step.box[0])}, ${q(step.box[1])}), point(${q(step.box[2])}, ${q(step.box[3])}))` : 'false');
      const where = {
        firsts: () => `(c.user_id = ANY(${firsts}) OR (${box()} AND d.miles <= ${q(step.to)}))`,
        ring: () => `c.user_id <> ALL(${firsts}) AND ${box()} AND d.miles > ${q(step.from)} AND d.miles <= ${q(step.to)}`,
        beyond: () => `c.user_id <> ALL(${firsts}) AND d.miles > ${q(step.from)}`,
        unplaced: () => `c.user_id <> ALL(${firsts}) AND (${me.cell ? 'c.cell_lat IS NULL' : 'true'} OR ${isHere})`,
      }[step.part]();
      const rows: Row[] = await this.db.manager.query(
        `${hasHere ? `WITH here AS (${here}) ` : ''}
         SELECT c.user_id, c.profile, c.show_age, c.show_distance, coalesce(c.boost_until > $8, false) AS boosted, ${likedMe} AS liked_me, d.miles,
                CASE WHEN c.show_distance THEN ${BAND('d.miles')} ELSE ${BAND(RING('d.miles'))} END AS band,
                ${hasHere ? 'h.city' : 'NULL::text'} AS layover_city, ${hasHere ? 'h.nights' : 'NULL::int'} AS layover_nights
         FROM discovery.candidates c ${hasHere ? `LEFT JOIN here h ON h.user_id = c.user_id AND ${verifiedCrew}` : ''}
         CROSS JOIN LATERAL (SELECT ${miles} AS miles) d
         WHERE ${fits} AND ${where}
           AND (${isHere} OR ((${reach}::int IS NULL OR d.miles IS NULL OR d.miles <= CASE WHEN c.show_distance THEN ${reach}::int ELSE ${hiddenReach}::int END)
                              AND (c.distance_pref IS NULL OR d.miles IS NULL OR d.miles <= CASE WHEN c.show_distance THEN c.distance_pref ELSE ${RING('c.distance_pref')} END)))
         ORDER BY ${step.part === 'firsts' ? 'boosted DESC, liked_me DESC, ' : ''}${step.part === 'firsts' || step.part === 'ring' ? 'band, ' : ''}c.last_active_at DESC, c.user_id
         LIMIT ${limit}::int - ${cards.length}`,
        stepParams,
      );
      cards.push(...toRows(rows));
      if (cards.length >= options.limit) break;
    }
    return cards;
  }

  /** how many demo crew likes each of these members has received */
  async demoLikesReceived(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows: { target_id: string; n: number }[] = await this.db.manager.query(
      `SELECT s.target_id, count(*)::int AS n FROM discovery.swipes s JOIN discovery.candidates d ON d.user_id = s.user_id AND d.demo
       WHERE s.target_id = ANY($1::uuid[]) AND s.action <> 'pass' GROUP BY s.target_id`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.target_id, r.n]));
  }

  /**
   * Public profiles of several members (match lists, who viewed me), by id. `visibleAt`: members
   * banned or suspended at that time (the caller's clock) are left out; null: everyone (a member's
   * own block list).
   */
  async profiles(userIds: string[], visibleAt: Date | null): Promise<Map<string, PublicProfileView>> {
    if (!userIds.length) return new Map();
    const rows: { user_id: string; profile: PublicProfileView | null; show_age: boolean }[] = await this.db.manager.query(
      `SELECT user_id, profile, show_age FROM discovery.candidates c WHERE user_id = ANY($1::uuid[]) AND ($2::timestamptz IS NULL OR ${NOT_RESTRICTED('c', '$2')})`,
      [userIds, visibleAt],
    );
    return new Map(rows.filter((r) => r.profile).map((r) => [r.user_id, r.show_age ? r.profile! : { ...r.profile!, age: null }]));
  }
}
