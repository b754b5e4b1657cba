import { type CandidateView, type DeckRequest, filterPositionMatches, type FilterPreferencesBody, type FilterPreferencesView, FilterOptions } from '@aero/contracts';
import { CLOCK, type Clock } from '@aero/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Candidate, type DeckFilters, type DeckRow, mayDiscover } from '../candidates/candidate.js';
import { CandidateRepository } from '../candidates/candidate.repository.js';
import { distanceBand } from '../candidates/location-grid.js';
import { RebuildCandidatesService } from '../candidates/rebuild-candidates.service.js';
import { isCurrent } from '../layovers/layover.js';
import { LayoverRepository } from '../layovers/layover.repository.js';

export const DECK_SIZE = 20;
export const NO_FILTERS: FilterPreferencesView = { minAge: null, maxAge: null, airlines: [], positions: [], gender: 'everyone', baseAirports: [] };

/** the filter dialog shortens 'JetBlue Airways' to 'JetBlue' (spec §3): both name the same airline */
const airlineNames = (airlines: string[]) => airlines.flatMap((a) => (a === 'JetBlue' ? ['JetBlue', 'JetBlue Airways'] : [a]));
/** the profiles' positions the filter's positions find ('Pilot' finds co-pilots too) */
const positionNames = (positions: string[]) => [...new Set(positions.flatMap(filterPositionMatches))];

export function toDeckFilters(f: FilterPreferencesBody | FilterPreferencesView | undefined | null): DeckFilters {
  return {
    minAge: f?.minAge ?? null,
    maxAge: f?.maxAge ?? null,
    airlines: airlineNames(f?.airlines ?? []),
    positions: positionNames(f?.positions ?? []),
    gender: f?.gender === 'male' || f?.gender === 'female' ? f.gender : null,
    baseAirports: f?.baseAirports ?? [],
  };
}

/**
 * Boosted members stay first; those who already liked the member are mixed into the first cards
 * (every other card while they last), so a new member meets a like early without a deck of only
 * likes.
 */
export function mixLikesIn(rows: DeckRow[]): DeckRow[] {
  const boosted = rows.filter((r) => r.boosted);
  const likers = rows.filter((r) => !r.boosted && r.likedMe);
  const others = rows.filter((r) => !r.boosted && !r.likedMe);
  const mixed: DeckRow[] = [...boosted];
  while (likers.length || others.length) {
    if (likers.length) mixed.push(likers.shift()!);
    if (others.length) mixed.push(others.shift()!);
  }
  return mixed;
}

export const toCandidateView = (row: DeckRow): CandidateView => ({ ...row.profile, id: row.userId, distanceBand: distanceBand(row.miles), boosted: row.boosted, layover: row.layover });

/** The deck: the next cards for a member (spec §7 GET /api/discovery and /filtered). */
@Injectable()
export class DeckService {
  private readonly logger = new Logger('DeckService');

  constructor(
    private readonly candidates: CandidateRepository,
    private readonly layovers: LayoverRepository,
    private readonly rebuilds: RebuildCandidatesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async deck({ userId, filters }: DeckRequest): Promise<CandidateView[]> {
    const me = await this.viewer(userId);
    const now = this.clock.now();
    // one who must pay first sees nobody (the app's gate sends them to /subscribe)
    if (!mayDiscover(me, now)) return [];
    // on a layover now, the deck is the layover's place (a member no longer verified has none)
    const layover = me.userType === 'airline' && me.verification === 'approved' ? await this.layovers.findOpen(userId, now) : null;
    // the member's own activity changes nothing in their deck: both at once
    const [rows] = await Promise.all([
      this.candidates.deck(me, toDeckFilters(filters), { limit: DECK_SIZE, now, layover: layover && isCurrent(layover, now) ? layover : null }),
      this.candidates.touch(userId),
    ]);
    return mixLikesIn(rows).map(toCandidateView);
  }

  /**
   * The member's own row. One not known as a complete profile, or as one who may use the deck,
   * may only be one whose events have not arrived yet (a deck asked right after the profile was
   * created, the payment made or the document approved): caught up from the owners first, so the
   * first deck is not empty. When the owners cannot answer, the row as it is.
   */
  private async viewer(userId: string): Promise<Candidate | null> {
    const known = await this.candidates.find(userId);
    if (mayDiscover(known, this.clock.now())) return known;
    try {
      await this.rebuilds.catchUp(userId);
    } catch (err) {
      this.logger.warn(`could not catch up on member ${userId} for their deck: ${err instanceof Error ? err.message : String(err)}`);
      return known;
    }
    return this.candidates.find(userId);
  }

  async loadFilters({ userId }: { userId: string }): Promise<FilterPreferencesView> {
    // a filter saved before base airports existed has none
    return { ...NO_FILTERS, ...(await this.candidates.find(userId))?.filters };
  }

  async saveFilters({ userId, filters }: { userId: string; filters: FilterPreferencesBody }): Promise<FilterPreferencesView> {
    const saved: FilterPreferencesView = {
      minAge: filters.minAge ?? null,
      maxAge: filters.maxAge ?? null,
      airlines: filters.airlines ?? [],
      positions: filters.positions ?? [],
      gender: filters.gender && (FilterOptions.gender as readonly string[]).includes(filters.gender) ? filters.gender : 'everyone',
      baseAirports: filters.baseAirports ?? [],
    };
    await this.candidates.setFilters(userId, saved);
    return saved;
  }
}
