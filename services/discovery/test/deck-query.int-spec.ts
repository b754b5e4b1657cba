import { buildServiceModule, InProcessBroker, InProcessRpcClient, type Infrastructure, openInfrastructure, Transactions } from '@aero/common';
import { loadSettings } from '@aero/config';
import { DISTANCE_BANDS_MILES, DISTANCE_OPTIONS, type PublicProfileView, staffAccessUntil, type VerificationStatus } from '@aero/contracts';
import { createTestDatabase, type TestDatabase } from '@aero/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ageInRange, type Candidate, type DeckFilters, type DeckRow, isRestricted, standingOf, visibleTo, wantsToMeet } from '../src/candidates/candidate.js';
import { CandidateRepository, hiddenDistanceReach } from '../src/candidates/candidate.repository.js';
import type { Layover } from '../src/layovers/layover.js';
import { LayoverRepository } from '../src/layovers/layover.repository.js';
import { type Cell, milesBetween, snapToGrid } from '../src/candidates/location-grid.js';
import { discoveryService } from '../src/discovery.service-definition.js';

/** a member of the generated population, as stored in the read model */
interface Member {
  id: string;
  profileCompleted: boolean;
  age: number;
  gender: 'male' | 'female';
  interestedIn: 'man' | 'woman' | 'both';
  ageMin: number;
  ageMax: number;
  distancePref: number | null;
  cell: Cell | null;
  userType: 'airline' | 'general' | null;
  subscriptionStatus: 'active' | 'inactive';
  /** when the account was created: with `verification`, it decides the member's free use as airline staff */
  registeredAt: Date;
  verification: VerificationStatus;
  demo: boolean;
  visibility: 'everyone' | 'verified-only' | 'hidden';
  restrictedUntil: Date | null;
  boostUntil: Date | null;
  lastActiveAt: Date;
  showAge: boolean;
  showDistance: boolean;
  airline: string;
  position: string;
  hideOwnAirline: boolean;
}

const DAY = 86_400_000;
/** the clock the deck is asked at: two days after the database's, so only the injected clock can admit or hide by it */
const NOW = new Date(Date.now() + 2 * DAY);
/** a ban: restricted for ever ('infinity' in the table) */
const BANNED = new Date(8_640_000_000_000_000);
/** a moment for the table: the last one a Date holds (a ban, approved staff) is 'infinity' */
const stored = (d: Date | null) => (d !== null && d.getTime() >= BANNED.getTime() ? 'infinity' : d);
const AIRLINES = ['Delta Air Lines', 'United Airlines', 'Southwest Airlines'];
const POSITIONS = ['Pilot', 'Flight Attendant'];
/** places around which members live, and how many: Dallas, Fort Worth (~30 mi), Austin (~180 mi), Chicago (~800 mi) */
const PLACES = [
  { lat: 32.7767, lng: -96.797, n: 260 },
  { lat: 32.7555, lng: -97.3308, n: 110 },
  { lat: 30.2672, lng: -97.7431, n: 110 },
  { lat: 41.8781, lng: -87.6298, n: 110 },
];

/** a deterministic generator (the population is the same every run) */
function generator(seed: number) {
  let s = seed;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  return { next, pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)], chance: (p: number) => next() < p };
}

function population(): Member[] {
  const { next, pick, chance } = generator(20261126);
  const members: Member[] = [];
  for (const place of PLACES) {
    for (let i = 0; i < place.n; i++) {
      const n = members.length;
      const id = `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${Math.floor(next() * 2 ** 48).toString(16).padStart(12, '0')}`;
      const age = 21 + Math.floor(next() * 40);
      const gender = chance(0.5) ? 'male' : 'female';
      const r = Math.sqrt(next()) * 0.4; // up to ~28 miles from the place
      const a = next() * 2 * Math.PI;
      const wide = chance(0.2);
      members.push({
        id,
        profileCompleted: chance(0.96),
        age,
        gender,
        interestedIn: chance(0.15) ? 'both' : gender === 'male' ? (chance(0.9) ? 'woman' : 'man') : chance(0.9) ? 'man' : 'woman',
        ageMin: wide ? 18 : Math.max(18, age - 2 - Math.floor(next() * 10)),
        ageMax: wide ? 99 : Math.min(99, age + 2 + Math.floor(next() * 14)),
        distancePref: chance(0.35) ? null : pick(DISTANCE_OPTIONS),
        cell: chance(0.05) ? null : snapToGrid(place.lat + r * Math.sin(a), place.lng + (r * Math.cos(a)) / Math.cos((place.lat * Math.PI) / 180)),
        userType: chance(0.02) ? null : chance(0.6) ? 'airline' : 'general',
        subscriptionStatus: chance(0.6) ? 'active' : 'inactive',
        // an unreviewed airline member's free days end after the deck's clock, before it, or between the database's clock and it
        registeredAt: new Date(NOW.getTime() - pick([3, 8, 10]) * DAY),
        verification: chance(0.7) ? 'approved' : pick(['none', 'pending', 'rejected'] as const),
        demo: chance(0.03),
        visibility: chance(0.9) ? 'everyone' : chance(0.5) ? 'verified-only' : 'hidden',
        // restricted: banned, suspended past the injected clock, or suspended until between the database's clock and it
        restrictedUntil: chance(0.9) ? null : pick([BANNED, new Date(NOW.getTime() + DAY), new Date(NOW.getTime() - DAY)]),
        boostUntil: chance(0.03) ? new Date(NOW.getTime() + (chance(0.7) ? 600_000 : -600_000)) : null,
        // whole seconds, some shared: the member's id breaks ties
        lastActiveAt: new Date(NOW.getTime() - DAY * 3 - Math.floor(next() * 400) * 60_000),
        showAge: chance(0.9),
        showDistance: chance(0.9),
        airline: pick(AIRLINES),
        position: pick(POSITIONS),
        hideOwnAirline: chance(0.1),
      });
    }
  }
  return members;
}

/** the member as the service's rules take them: the read model's Candidate, as the projection builds it */
function candidateOf(m: Member): Candidate {
  return {
    userId: m.id,
    profile: profileOf(m),
    profileCompleted: m.profileCompleted,
    age: m.age,
    gender: m.gender,
    interestedIn: m.interestedIn,
    ageMin: m.ageMin,
    ageMax: m.ageMax,
    distancePreference: m.distancePref,
    cell: m.cell,
    userType: m.userType,
    subscriptionStatus: m.subscriptionStatus,
    demo: m.demo,
    registeredAt: m.registeredAt,
    verification: m.verification,
    staffAccessUntil: staffAccessUntil(standingOf(m)),
    boostUntil: m.boostUntil,
    boostStartedAt: null,
    superLikesUsed: 0,
    superLikesDay: null,
    filters: null,
    visibility: m.visibility,
    showAge: m.showAge,
    showDistance: m.showDistance,
    restrictedUntilMs: m.restrictedUntil === BANNED ? Infinity : (m.restrictedUntil?.getTime() ?? null),
    baseAirport: null,
    hideOwnAirline: m.hideOwnAirline,
  };
}

/**
 * The deck's rules and order written plainly over the whole population: who may see whom and who
 * wants to meet whom are the service's own rules (`visibleTo`, `wantsToMeet`: what a swipe or a
 * profile view is refused by), then what only the deck narrows by (swipes, blocks, the filters,
 * distance) and its order. What the repository's SQL must answer, whatever shape it takes to answer fast.
 */
function expectedDeck(me: Member, all: Member[], swiped: Set<string>, blocked: Set<string>, filters: DeckFilters, limit: number): DeckRow[] {
  const viewer = candidateOf(me);
  const pair = (a: string, b: string) => `${a}:${b}`;
  const rankedMiles = ({ c, miles }: { c: Member; miles: number | null }) => (c.showDistance ? miles : hiddenDistanceReach(miles));
  const band = (miles: number | null) => (miles === null ? 7 : DISTANCE_BANDS_MILES.findIndex((b) => miles <= b) === -1 ? 6 : DISTANCE_BANDS_MILES.findIndex((b) => miles <= b));
  const cards = all
    .filter((c) => {
      const candidate = candidateOf(c);
      return (
        c.id !== me.id &&
        visibleTo(candidate, viewer, NOW) &&
        wantsToMeet(candidate, viewer) &&
        wantsToMeet(viewer, candidate) &&
        !swiped.has(pair(me.id, c.id)) &&
        !blocked.has(pair(me.id, c.id)) &&
        !blocked.has(pair(c.id, me.id)) &&
        ageInRange(candidate, filters.minAge, filters.maxAge) &&
        (!filters.airlines.length || filters.airlines.includes(c.airline)) &&
        (!filters.positions.length || filters.positions.includes(c.position)) &&
        (filters.gender === null || c.gender === filters.gender)
      );
    })
    .map((c) => ({ c, miles: me.cell && c.cell ? milesBetween(me.cell, c.cell) : null, boosted: c.boostUntil !== null && c.boostUntil > NOW, likedMe: swiped.has(`like:${pair(c.id, me.id)}`) }))
    // a hidden distance: within the viewer's preference and its own, each widened to its ring; ranked as its ring's farthest band
    .filter(({ c, miles }) => miles === null || ((me.distancePref === null || miles <= (c.showDistance ? me.distancePref : hiddenDistanceReach(me.distancePref)!)) && (c.distancePref === null || miles <= (c.showDistance ? c.distancePref : hiddenDistanceReach(c.distancePref)!))))
    .sort(
      (a, b) =>
        Number(b.boosted) - Number(a.boosted) ||
        Number(b.likedMe) - Number(a.likedMe) ||
        band(rankedMiles(a)) - band(rankedMiles(b)) ||
        b.c.lastActiveAt.getTime() - a.c.lastActiveAt.getTime() ||
        (a.c.id < b.c.id ? -1 : 1),
    );
  return cards.slice(0, limit).map(({ c, miles, boosted, likedMe }) => ({
    userId: c.id,
    profile: { ...profileOf(c), age: c.showAge ? c.age : null },
    miles: c.showDistance ? miles : null,
    boosted,
    likedMe,
    layover: null,
  }));
}

const profileOf = (m: Member) =>
  ({ id: m.id, firstName: `M${m.id.slice(0, 8)}`, age: m.age, airline: m.airline, position: m.position, verified: m.verification === 'approved' }) as unknown as PublicProfileView;

/** miles to the micro-mile: the database's floating point and JavaScript's may differ in the last digits */
const rounded = (rows: DeckRow[]) => rows.map((r) => ({ ...r, miles: r.miles === null ? null : Math.round(r.miles * 1e6) / 1e6 }));

const NO_FILTERS: DeckFilters = { minAge: null, maxAge: null, airlines: [], positions: [], gender: null, baseAirports: [] };

/**
 * The deck query against a generated population on real PostgreSQL: for members near and far, with
 * and without distance preferences, swipes, likes, blocks, boosts, restrictions and filters, the
 * repository answers exactly the cards and order of the deck's rules, at several deck sizes.
 */
describe('the deck query (real PostgreSQL)', () => {
  let db: TestDatabase;
  let infra: Infrastructure;
  let app: INestApplicationContext;
  let dataDir: string;
  let repo: CandidateRepository;
  const all = population();
  const swiped = new Set<string>();
  const blocked = new Set<string>();

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'aero-deck-'));
    infra = await openInfrastructure(loadSettings({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' }), { name: 'deck-test', services: ['discovery'] });
    app = await NestFactory.createApplicationContext(await buildServiceModule(discoveryService, infra.runtimeFor('discovery', new InProcessRpcClient(new InProcessBroker()))), { logger: false, abortOnError: false });
    repo = app.get(CandidateRepository);
    const sql = app.get(Transactions).manager;
    const columns = `user_id, profile, profile_completed, age, gender, interested_in, airline, position, age_min, age_max, distance_pref, cell_lat, cell_lng, user_type,
      subscription_status, registered_at, staff_access_until, demo, visibility, restricted_until, boost_until, last_active_at, show_age, show_distance, verification, hide_own_airline`;
    await sql.query(
      `INSERT INTO discovery.candidates (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::discovery.candidates, $1::json)`,
      [
        JSON.stringify(
          all.map((m) => ({
            user_id: m.id,
            profile: profileOf(m),
            profile_completed: m.profileCompleted,
            age: m.age,
            gender: m.gender,
            interested_in: m.interestedIn,
            airline: m.airline,
            position: m.position,
            age_min: m.ageMin,
            age_max: m.ageMax,
            distance_pref: m.distancePref,
            cell_lat: m.cell?.lat ?? null,
            cell_lng: m.cell?.lng ?? null,
            user_type: m.userType,
            subscription_status: m.subscriptionStatus,
            registered_at: m.registeredAt,
            staff_access_until: stored(candidateOf(m).staffAccessUntil),
            demo: m.demo,
            visibility: m.visibility,
            restricted_until: stored(m.restrictedUntil),
            boost_until: m.boostUntil,
            last_active_at: m.lastActiveAt,
            show_age: m.showAge,
            show_distance: m.showDistance,
            verification: m.verification,
            hide_own_airline: m.hideOwnAirline,
          })),
        ),
      ],
    );
    // swipes (a third of them likes) and a few blocks, between random members
    const { pick, chance } = generator(7);
    const swipes: { user_id: string; target_id: string; action: string }[] = [];
    for (const m of all) {
      for (let k = 0; k < 6; k++) {
        const t = pick(all);
        if (t.id === m.id || swiped.has(`${m.id}:${t.id}`)) continue;
        const action = chance(0.6) ? 'pass' : chance(0.9) ? 'like' : 'super_like';
        swiped.add(`${m.id}:${t.id}`);
        if (action !== 'pass') swiped.add(`like:${m.id}:${t.id}`);
        swipes.push({ user_id: m.id, target_id: t.id, action });
      }
      if (chance(0.05)) {
        const t = pick(all);
        if (t.id !== m.id) blocked.add(`${m.id}:${t.id}`);
      }
    }
    await sql.query(`INSERT INTO discovery.swipes (user_id, target_id, action) SELECT user_id, target_id, action FROM json_populate_recordset(NULL::discovery.swipes, $1::json)`, [JSON.stringify(swipes)]);
    const blocks = [...blocked].map((p) => ({ blocker_id: p.split(':')[0], blocked_id: p.split(':')[1] }));
    await sql.query(`INSERT INTO discovery.blocks (blocker_id, blocked_id) SELECT blocker_id, blocked_id FROM json_populate_recordset(NULL::discovery.blocks, $1::json)`, [JSON.stringify(blocks)]);
    await sql.query('ANALYZE discovery.candidates');
    await sql.query('ANALYZE discovery.swipes');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await infra?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const viewers = () => all.filter((m, i) => i % 3 === 0 && m.profileCompleted && m.userType !== null);
  const deckOf = async (m: Member, filters: DeckFilters, limit: number) => {
    const me = (await repo.find(m.id)) as Candidate;
    return rounded(await repo.deck(me, filters, { limit, now: NOW }));
  };
  const expected = (m: Member, filters: DeckFilters, limit: number) => rounded(expectedDeck(m, all, swiped, blocked, filters, limit));

  it.each([20, 7, 45])('answers the cards of the rules in their order for every kind of member (%i cards asked)', async (limit) => {
    const members = viewers();
    expect(members.length).toBeGreaterThan(150);
    for (const m of members) expect({ member: m.id, deck: await deckOf(m, NO_FILTERS, limit) }).toEqual({ member: m.id, deck: expected(m, NO_FILTERS, limit) });
  }, 120_000);

  it('narrows by the filters as the rules say', async () => {
    const filters: DeckFilters[] = [
      { ...NO_FILTERS, minAge: 30, maxAge: 45 },
      // single years and one-sided ranges: a member who hides their age is in them by their band
      { ...NO_FILTERS, minAge: 33, maxAge: 33 },
      { ...NO_FILTERS, minAge: 47 },
      { ...NO_FILTERS, maxAge: 26 },
      { ...NO_FILTERS, airlines: ['Delta Air Lines'], positions: ['Pilot'] },
      { ...NO_FILTERS, gender: 'female' },
    ];
    for (const [i, m] of viewers().entries()) {
      const f = filters[i % filters.length];
      expect({ member: m.id, deck: await deckOf(m, f, 20) }).toEqual({ member: m.id, deck: expected(m, f, 20) });
    }
  }, 120_000);

  it("hides by the deck's clock, not the database's: a suspension over by then no longer hides", async () => {
    // suspended until a moment between the database's clock and the deck's, and in someone's deck by the rules
    const seenBy = (m: Member) => viewers().find((v) => expectedDeck(v, all, swiped, blocked, NO_FILTERS, all.length).some((r) => r.userId === m.id));
    const suspended = all.find((m) => m.restrictedUntil !== null && m.restrictedUntil < NOW && m.restrictedUntil.getTime() > Date.now() && seenBy(m));
    expect(suspended).toBeDefined();
    expect((await deckOf(seenBy(suspended!)!, NO_FILTERS, all.length)).map((r) => r.userId)).toContain(suspended!.id);
  }, 60_000);

  it("lists public profiles (match lists, who viewed me) by the caller's clock too, and everyone for a block list", async () => {
    const over = all.find((m) => m.profileCompleted && m.restrictedUntil !== null && m.restrictedUntil < NOW && m.restrictedUntil.getTime() > Date.now())!;
    const suspended = all.find((m) => m.profileCompleted && m.restrictedUntil !== null && m.restrictedUntil > NOW && m.restrictedUntil !== BANNED)!;
    const banned = all.find((m) => m.profileCompleted && m.restrictedUntil === BANNED)!;
    const free = all.find((m) => m.profileCompleted && m.restrictedUntil === null)!;
    const ids = [over, suspended, banned, free].map((m) => m.id);
    expect([...(await repo.profiles(ids, NOW)).keys()].sort()).toEqual([over.id, free.id].sort());
    expect([...(await repo.profiles(ids, new Date())).keys()]).toEqual([free.id]);
    expect([...(await repo.profiles(ids, null)).keys()].sort()).toEqual([...ids].sort());
  });

  it("reads a member's restriction for the caller's clock (a swipe, a profile view): a suspension over by then no longer hides", async () => {
    const over = all.find((m) => m.restrictedUntil !== null && m.restrictedUntil < NOW && m.restrictedUntil.getTime() > Date.now())!;
    const suspended = all.find((m) => m.restrictedUntil !== null && m.restrictedUntil > NOW && m.restrictedUntil !== BANNED)!;
    const banned = all.find((m) => m.restrictedUntil === BANNED)!;
    const free = all.find((m) => m.restrictedUntil === null)!;
    const restrictedAt = async (m: Member, now: Date) => isRestricted((await repo.find(m.id))!, now);
    expect([await restrictedAt(over, NOW), await restrictedAt(suspended, NOW), await restrictedAt(banned, NOW), await restrictedAt(free, NOW)]).toEqual([false, true, true, false]);
    expect(await restrictedAt(over, new Date())).toBe(true);
  });

  it('moves a member\'s activity at most once a minute', async () => {
    const sql = app.get(Transactions).manager;
    const [m] = viewers();
    const activeAt = async () => ((await sql.query('SELECT last_active_at FROM discovery.candidates WHERE user_id = $1', [m.id])) as { last_active_at: Date }[])[0].last_active_at.getTime();
    await sql.query(`UPDATE discovery.candidates SET last_active_at = now() - interval '61 seconds' WHERE user_id = $1`, [m.id]);
    const before = await activeAt();
    await repo.touch(m.id);
    const moved = await activeAt();
    expect(moved - before).toBeGreaterThanOrEqual(60_000);
    await repo.touch(m.id);
    expect(await activeAt()).toBe(moved);
    await sql.query(`UPDATE discovery.candidates SET last_active_at = $2 WHERE user_id = $1`, [m.id, m.lastActiveAt]);
  });

  it('forgets layovers once they are over, by the service clock', async () => {
    const layovers = app.get(LayoverRepository);
    const sql = app.get(Transactions).manager;
    const [a, b] = viewers();
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    const trip = (userId: string, departsAt: Date): Layover => ({
      userId, label: 'Chicago, Illinois', city: 'Chicago', state: 'Illinois', airport: 'ORD', latitude: 41.88, longitude: -87.63, timeZone: 'America/Chicago',
      arrivesAt: at(-2 * DAY), departsAt, localArrivesAt: '2026-03-01T10:00', localDepartsAt: '2026-03-03T10:00', nights: 2, verifiedOnly: false, nearbyAirports: ['ORD', 'MDW'],
    });
    await layovers.save(trip(a.id, at(-1000)));
    await layovers.save(trip(b.id, at(DAY)));
    expect(await layovers.deleteEnded(NOW)).toBe(1);
    expect(((await sql.query('SELECT user_id FROM discovery.layovers')) as { user_id: string }[]).map((r) => r.user_id)).toEqual([b.id]);
    await layovers.deleteAllOf(b.id);
  });
});
