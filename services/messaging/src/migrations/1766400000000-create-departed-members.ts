import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members whose conversations ended for good (account deleted, or banned): a match event that
 * reaches messaging after their departure opens no room for them (ChatRoomRepository.create).
 */
export class CreateDepartedMembers1766400000000 implements MigrationInterface {
  name = 'CreateDepartedMembers1766400000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE messaging.departed_members (user_id uuid PRIMARY KEY, departed_at timestamptz NOT NULL DEFAULT now())');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE messaging.departed_members');
  }
}
