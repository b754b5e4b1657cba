import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account's deletion deletes every swipe and profile view it is on either side of
 * (SwipeRepository.deleteAllOf, ProfileViewRepository.deleteAllOf: `a = $1 OR b = $1`). The
 * primary keys serve one side only (swipes by swiper, views by the one viewed; the swipes' index by
 * target holds likes only), so each deletion read the whole table: these serve the other side.
 */
export class AddMemberDeletionIndexes1766100000000 implements MigrationInterface {
  name = 'AddMemberDeletionIndexes1766100000000';

  async up(q: QueryRunner) {
    await q.query('CREATE INDEX swipes_target ON discovery.swipes (target_id)');
    await q.query('CREATE INDEX profile_views_viewer ON discovery.profile_views (viewer_id)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX discovery.profile_views_viewer');
    await q.query('DROP INDEX discovery.swipes_target');
  }
}
