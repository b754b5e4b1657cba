import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Who viewed me" reads a member's most recent views (ProfileViewRepository.listFor, and the
 * badge's count of the same page): by `profile_views_recent` it reads them newest first and stops
 * at the page, instead of sorting every view the member ever had (the primary key is by viewer).
 */
export class AddProfileViewsRecentIndex1765500000000 implements MigrationInterface {
  name = 'AddProfileViewsRecentIndex1765500000000';

  async up(q: QueryRunner) {
    await q.query('CREATE INDEX profile_views_recent ON discovery.profile_views (viewed_id, created_at DESC)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX discovery.profile_views_recent');
  }
}
