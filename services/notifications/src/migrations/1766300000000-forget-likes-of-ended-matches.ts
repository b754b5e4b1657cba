import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The likes and super likes of a pair whose match ended go, as the end of a match now takes them
 * (ForgetMatchWhenMatchEndedHandler): they led to a deck where neither meets the other again.
 * Removed, they cannot be put back: `down` does nothing.
 */
export class ForgetLikesOfEndedMatches1766300000000 implements MigrationInterface {
  name = 'ForgetLikesOfEndedMatches1766300000000';

  async up(q: QueryRunner) {
    await q.query(
      `DELETE FROM notifications.notifications n
        WHERE n.type IN ('like', 'super_like')
          AND EXISTS (SELECT 1 FROM notifications.ended_matches e WHERE (e.user_low = n.user_id AND e.user_high::text = n.data->>'fromUserId') OR (e.user_high = n.user_id AND e.user_low::text = n.data->>'fromUserId'))`,
    );
  }

  async down() {}
}
