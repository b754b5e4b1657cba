import type { MemberSettings } from '@aero/contracts';
import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

/** The only place that touches the database for member settings. */
@Injectable()
export class MemberSettingsRepository {
  constructor(private readonly db: Transactions) {}

  /** the stored settings and revision, locked for the rest of the unit of work */
  async findForUpdate(userId: string): Promise<{ settings: MemberSettings; revision: number } | null> {
    const [row] = await this.db.manager.query(`SELECT settings, revision FROM profiles.member_settings WHERE user_id = $1 FOR UPDATE`, [userId]);
    return row ? { settings: row.settings, revision: row.revision } : null;
  }

  async find(userId: string): Promise<MemberSettings | null> {
    const [row] = await this.db.manager.query(`SELECT settings FROM profiles.member_settings WHERE user_id = $1`, [userId]);
    return row?.settings ?? null;
  }

  async save(userId: string, settings: MemberSettings, revision: number) {
    await this.db.manager.query(
      `INSERT INTO profiles.member_settings (user_id, settings, revision) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET settings = $2, revision = $3, updated_at = now()`,
      [userId, settings, revision],
    );
  }

  /** stored settings in user id order after `after` (with `userId`, that member's only), for projections to rebuild or catch up from */
  async page(after: string | undefined, limit: number, userId?: string): Promise<{ userId: string; settings: MemberSettings; revision: number }[]> {
    const rows = await this.db.manager.query(
      `SELECT user_id, settings, revision FROM profiles.member_settings
       WHERE ($1::uuid IS NULL OR user_id > $1) AND ($3::uuid IS NULL OR user_id = $3) ORDER BY user_id LIMIT $2`,
      [after ?? null, limit, userId ?? null],
    );
    return rows.map((r: { user_id: string; settings: MemberSettings; revision: number }) => ({ userId: r.user_id, settings: r.settings, revision: r.revision }));
  }

  async delete(userId: string) {
    await this.db.manager.query(`DELETE FROM profiles.member_settings WHERE user_id = $1`, [userId]);
  }
}
