import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import type { Candidate } from '../candidates/candidate.js';
import { lookerTerms, NOT_RESTRICTED, SHOWN_TO } from '../candidates/candidate.repository.js';

export interface ProfileView {
  viewerId: string;
  viewedId: string;
  createdAt: Date;
}

/**
 * the views of $1 whose viewer the list can show at $2: with a profile, not banned or suspended (as
 * CandidateRepository.profiles), and whose privacy lets the viewed member see them (SHOWN_TO, the
 * viewed member's `lookerTerms` as $4, $5, $6: a hidden viewer never, a verified-only one to verified staff)
 */
const SHOWN = `FROM discovery.profile_views v JOIN discovery.candidates c ON c.user_id = v.viewer_id
  WHERE v.viewed_id = $1 AND c.profile IS NOT NULL AND ${NOT_RESTRICTED('c', '$2')} AND ${SHOWN_TO('c', ['$4', '$5', '$6'])}`;

/** The only place that touches the database for profile views (one row per viewer and profile, the latest view). */
@Injectable()
export class ProfileViewRepository {
  constructor(private readonly db: Transactions) {}

  async record(viewerId: string, viewedId: string) {
    await this.db.manager.query(
      `INSERT INTO discovery.profile_views (viewer_id, viewed_id) VALUES ($1, $2) ON CONFLICT (viewed_id, viewer_id) DO UPDATE SET created_at = now()`,
      [viewerId, viewedId],
    );
  }

  /**
   * who viewed `viewedId` that the list can show, newest first: viewers with a profile, not banned
   * or suspended at `visibleAt` (deleted ones are gone), whose privacy shows them to `viewed` (the
   * member's candidate), chosen before the limit (by the index profile_views_recent, each viewer
   * looked up by key)
   */
  async listFor(viewedId: string, viewed: Candidate | null, visibleAt: Date, limit: number): Promise<ProfileView[]> {
    const rows = await this.db.manager.query(`SELECT v.viewer_id, v.viewed_id, v.created_at ${SHOWN} ORDER BY v.created_at DESC LIMIT $3`, [viewedId, visibleAt, limit, ...lookerTerms(viewed)]);
    return rows.map((r: { viewer_id: string; viewed_id: string; created_at: Date }) => ({ viewerId: r.viewer_id, viewedId: r.viewed_id, createdAt: r.created_at }));
  }

  async exists(viewerId: string, viewedId: string): Promise<boolean> {
    return (await this.db.manager.query(`SELECT 1 FROM discovery.profile_views WHERE viewer_id = $1 AND viewed_id = $2`, [viewerId, viewedId])).length > 0;
  }

  /** how many members `listFor` shows with the same `limit` (the badge counts what the list holds) */
  async countFor(viewedId: string, viewed: Candidate | null, visibleAt: Date, limit: number): Promise<number> {
    const [row] = await this.db.manager.query(`SELECT count(*)::int AS n FROM (SELECT 1 ${SHOWN} LIMIT $3) shown`, [viewedId, visibleAt, limit, ...lookerTerms(viewed)]);
    return row.n;
  }

  /** both members' views of each other (a block) */
  async deletePair(a: string, b: string) {
    await this.db.manager.query(`DELETE FROM discovery.profile_views WHERE (viewer_id = $1 AND viewed_id = $2) OR (viewer_id = $2 AND viewed_id = $1)`, [a, b]);
  }

  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM discovery.profile_views WHERE viewer_id = $1 OR viewed_id = $1`, [userId]);
  }
}
