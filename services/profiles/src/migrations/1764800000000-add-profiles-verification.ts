import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile keeps its employment review (none, pending, approved, rejected) next to the badge,
 * so its events and snapshot carry what decides who must pay; filled from each member's newest
 * document. A document can now be `superseded`: the approved one of a member who changed their
 * airline or position (it proved the old ones).
 */
export class AddProfilesVerification1764800000000 implements MigrationInterface {
  name = 'AddProfilesVerification1764800000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE profiles.profiles ADD COLUMN verification text NOT NULL DEFAULT 'none' CHECK (verification IN ('none', 'pending', 'approved', 'rejected'))`);
    await q.query(`UPDATE profiles.profiles p SET verification = d.status
      FROM (SELECT DISTINCT ON (user_id) user_id, status FROM profiles.verification_documents ORDER BY user_id, created_at DESC) d
      WHERE d.user_id = p.user_id`);
    await q.query('ALTER TABLE profiles.verification_documents DROP CONSTRAINT verification_documents_status_check');
    await q.query(`ALTER TABLE profiles.verification_documents ADD CONSTRAINT verification_documents_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'superseded'))`);
  }

  async down(q: QueryRunner) {
    await q.query(`UPDATE profiles.verification_documents SET status = 'rejected' WHERE status = 'superseded'`);
    await q.query('ALTER TABLE profiles.verification_documents DROP CONSTRAINT verification_documents_status_check');
    await q.query(`ALTER TABLE profiles.verification_documents ADD CONSTRAINT verification_documents_status_check CHECK (status IN ('pending', 'approved', 'rejected'))`);
    await q.query('ALTER TABLE profiles.profiles DROP COLUMN verification');
  }
}
