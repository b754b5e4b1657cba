import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

export interface Match {
  id: string;
  userIds: [string, string];
  createdAt: Date;
}

const toMatch = (r: { id: string; user_low: string; user_high: string; created_at: Date }): Match => ({ id: r.id, userIds: [r.user_low, r.user_high], createdAt: r.created_at });

/** The only place that touches the database for matches (one row per unordered pair). */
@Injectable()
export class MatchRepository {
  constructor(private readonly db: Transactions) {}

  /** the pair's match, created once: `created` is false when it already existed */
  async createForPair(a: string, b: string): Promise<{ match: Match; created: boolean }> {
    const [low, high] = [a, b].sort();
    const inserted = await this.db.manager.query(
      `INSERT INTO discovery.matches (id, user_low, user_high) VALUES ($1, $2, $3) ON CONFLICT (user_low, user_high) DO NOTHING RETURNING *`,
      [randomUUID(), low, high],
    );
    if (inserted.length) return { match: toMatch(inserted[0]), created: true };
    const [existing] = await this.db.manager.query(`SELECT * FROM discovery.matches WHERE user_low = $1 AND user_high = $2`, [low, high]);
    return { match: toMatch(existing), created: false };
  }

  async find(id: string): Promise<Match | null> {
    const [row] = await this.db.manager.query(`SELECT * FROM discovery.matches WHERE id = $1`, [id]);
    return row ? toMatch(row) : null;
  }

  async findForPair(a: string, b: string): Promise<Match | null> {
    const [low, high] = [a, b].sort();
    const [row] = await this.db.manager.query(`SELECT * FROM discovery.matches WHERE user_low = $1 AND user_high = $2`, [low, high]);
    return row ? toMatch(row) : null;
  }

  /** whether it was there to delete (one deleted meanwhile, by a deletion of a member, is waited for, then not) */
  async delete(id: string): Promise<boolean> {
    // a DELETE answers [rows, count]
    const [, count]: [unknown[], number] = await this.db.manager.query(`DELETE FROM discovery.matches WHERE id = $1`, [id]);
    return count > 0;
  }

  async existsForPair(a: string, b: string): Promise<boolean> {
    const [low, high] = [a, b].sort();
    return (await this.db.manager.query(`SELECT 1 FROM discovery.matches WHERE user_low = $1 AND user_high = $2`, [low, high])).length > 0;
  }

  async listForUser(userId: string): Promise<Match[]> {
    const rows = await this.db.manager.query(`SELECT * FROM discovery.matches WHERE user_low = $1 OR user_high = $1 ORDER BY created_at DESC, id`, [userId]);
    return rows.map(toMatch);
  }

  async deleteAllOf(userId: string): Promise<Match[]> {
    // a DELETE answers [rows, count]
    const [rows] = await this.db.manager.query(`DELETE FROM discovery.matches WHERE user_low = $1 OR user_high = $1 RETURNING *`, [userId]);
    return rows.map(toMatch);
  }
}
