import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { NOT_RESTRICTED } from '../candidates/candidate.repository.js';

export interface ProfileView {
  viewerId: string;
  viewedId: string;
  createdAt: Date;
}

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

  /** who viewed `viewedId`, newest first (members still visible only: deleted ones are gone) */
  async listFor(viewedId: string, limit: number): Promise<ProfileView[]> {
    const rows = await this.db.manager.query(`SELECT * FROM discovery.profile_views WHERE viewed_id = $1 ORDER BY created_at DESC LIMIT $2`, [viewedId, limit]);
    return rows.map((r: { viewer_id: string; viewed_id: string; created_at: Date }) => ({ viewerId: r.viewer_id, viewedId: r.viewed_id, createdAt: r.created_at }));
  }

  async exists(viewerId: string, viewedId: string): Promise<boolean> {
    return (await this.db.manager.query(`SELECT 1 FROM discovery.profile_views WHERE viewer_id = $1 AND viewed_id = $2`, [viewerId, viewedId])).length > 0;
  }

  /** how many members `listFor` can show: viewers with a profile, not banned or suspended at `visibleAt` */
  async countFor(viewedId: string, visibleAt: Date): Promise<number> {
    const [row] = await this.db.manager.query(
      `SELECT count(*)::int AS n FROM discovery.profile_views v JOIN discovery.candidates c ON c.user_id = v.viewer_id
       WHERE v.viewed_id = $1 AND c.profile IS NOT NULL AND ${NOT_RESTRICTED('c', '$2')}`,
      [viewedId, visibleAt],
    );
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
