import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether an unverified address was signed up again: then only the verifier's password confirms it. */
export class AddAccountsSignedUpAgain1766200000000 implements MigrationInterface {
  name = 'AddAccountsSignedUpAgain1766200000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts ADD COLUMN signed_up_again boolean NOT NULL DEFAULT false');
    // an unverified address may have been signed up over already: its stored password may be a stranger's
    await q.query('UPDATE identity.accounts SET signed_up_again = true WHERE NOT email_verified');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE identity.accounts DROP COLUMN signed_up_again');
  }
}
