import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

export interface Block {
  blockerId: string;
  blockedId: string;
  createdAt: Date;
}

/** SQL condition: no block between `a` and `b` in either direction (column or parameter expressions) */
export const NOT_BLOCKED = (a: string, b: string) =>
  `NOT EXISTS (SELECT 1 FROM discovery.blocks bl WHERE (bl.blocker_id = ${a} AND bl.blocked_id = ${b}) OR (bl.blocker_id = ${b} AND bl.blocked_id = ${a}))`;

/** The only place that touches the database for blocks. */
@Injectable()
export class BlockRepository {
  constructor(private readonly db: Transactions) {}

  /** false when `blockerId` had already blocked `blockedId` */
  async add(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await this.db.manager.query(`INSERT INTO discovery.blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`, [blockerId, blockedId]);
    return rows.length > 0;
  }

  /** false when there was no such block */
  async remove(blockerId: string, blockedId: string): Promise<boolean> {
    // a DELETE answers [rows, count]
    const [, count]: [unknown[], number] = await this.db.manager.query(`DELETE FROM discovery.blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blockerId, blockedId]);
    return count > 0;
  }

  /** is there a block between the two, whoever made it */
  async between(a: string, b: string): Promise<boolean> {
    return (await this.db.manager.query(`SELECT 1 WHERE NOT (${NOT_BLOCKED('$1::uuid', '$2::uuid')})`, [a, b])).length > 0;
  }

  async listBy(blockerId: string): Promise<Block[]> {
    const rows = await this.db.manager.query(`SELECT * FROM discovery.blocks WHERE blocker_id = $1 ORDER BY created_at DESC`, [blockerId]);
    return rows.map((r: { blocker_id: string; blocked_id: string; created_at: Date }) => ({ blockerId: r.blocker_id, blockedId: r.blocked_id, createdAt: r.created_at }));
  }

  async deleteAllOf(userId: string) {
    await this.db.manager.query(`DELETE FROM discovery.blocks WHERE blocker_id = $1 OR blocked_id = $1`, [userId]);
  }
}
