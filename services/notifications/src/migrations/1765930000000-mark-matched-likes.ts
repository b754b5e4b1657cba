import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The likes and super likes whose pair has matched since (a match notification, or a match that
 * ended) are marked matched: after an unmatch the like stays, and must no longer call for a swipe.
 */
export class MarkMatchedLikes1765930000000 implements MigrationInterface {
  name = 'MarkMatchedLikes1765930000000';

  async up(q: QueryRunner) {
    await q.query(
      `UPDATE notifications.notifications n SET data = n.data || '{"matched":"true"}'::jsonb
       WHERE n.type IN ('like', 'super_like') AND n.data->>'matched' IS NULL AND (
         EXISTS (SELECT 1 FROM notifications.notifications m WHERE m.user_id = n.user_id AND m.type = 'match' AND m.data->>'fromUserId' = n.data->>'fromUserId')
         OR EXISTS (SELECT 1 FROM notifications.ended_matches e WHERE (e.user_low = n.user_id AND e.user_high::text = n.data->>'fromUserId') OR (e.user_high = n.user_id AND e.user_low::text = n.data->>'fromUserId')))`,
    );
  }

  async down(q: QueryRunner) {
    await q.query(`UPDATE notifications.notifications SET data = data - 'matched' WHERE type IN ('like', 'super_like')`);
  }
}
