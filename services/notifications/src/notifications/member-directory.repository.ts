import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

/** The only place that touches the database for the first names and blocked pairs notifications keeps from other services' events. */
@Injectable()
export class MemberDirectoryRepository {
  constructor(private readonly db: Transactions) {}

  /** a newer revision replaces the name; an older or repeated event changes nothing */
  async saveName(userId: string, firstName: string, revision: number) {
    await this.db.manager.query(
      `INSERT INTO notifications.member_names (user_id, first_name, revision) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, revision = EXCLUDED.revision WHERE notifications.member_names.revision < EXCLUDED.revision`,
      [userId, firstName, revision],
    );
  }

  async firstName(userId: string): Promise<string | null> {
    const [row] = await this.db.manager.query(`SELECT first_name FROM notifications.member_names WHERE user_id = $1`, [userId]);
    return row?.first_name ?? null;
  }

  async block(blockerId: string, blockedId: string) {
    const [low, high] = [blockerId, blockedId].sort();
    await this.db.manager.query(`INSERT INTO notifications.blocked_pairs (user_low, user_high, blocker_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [low, high, blockerId]);
  }

  async unblock(blockerId: string, blockedId: string) {
    const [low, high] = [blockerId, blockedId].sort();
    await this.db.manager.query(`DELETE FROM notifications.blocked_pairs WHERE user_low = $1 AND user_high = $2 AND blocker_id = $3`, [low, high, blockerId]);
  }

  /** has either blocked the other */
  async blocked(a: string, b: string): Promise<boolean> {
    const [low, high] = [a, b].sort();
    return (await this.db.manager.query(`SELECT 1 FROM notifications.blocked_pairs WHERE user_low = $1 AND user_high = $2`, [low, high])).length > 0;
  }

  async forget(userId: string) {
    await this.db.manager.query(`DELETE FROM notifications.member_names WHERE user_id = $1`, [userId]);
    await this.db.manager.query(`DELETE FROM notifications.blocked_pairs WHERE user_low = $1 OR user_high = $1`, [userId]);
  }
}
