import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members whose accounts were deleted: a subscription asked for while the deletion was under
 * way (a request already past its session check) is refused, not made again for nobody
 * (SubscriptionRepository.lockFor).
 */
export class CreateBillingDepartedMembers1766700000000 implements MigrationInterface {
  name = 'CreateBillingDepartedMembers1766700000000';

  async up(q: QueryRunner) {
    await q.query('CREATE TABLE billing.departed_members (user_id uuid PRIMARY KEY, departed_at timestamptz NOT NULL DEFAULT now())');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE billing.departed_members');
  }
}
