import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members whose accounts were deleted: a profile or settings saved while the deletion was under
 * way (a request already past its session check) is refused, not stored again for nobody
 * (ProfileRepository.lockMember, holdPresentMember).
 */
export class CreateProfilesDepartedMembers1766800000000 implements MigrationInterface {
  name = 'CreateProfilesDepartedMembers1766800000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE profiles.departed_members (user_id uuid PRIMARY KEY, departed_at timestamptz NOT NULL DEFAULT now())');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE profiles.departed_members');
  }
}
