import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document is sent for the airline and position the profile had then: the admin's queue shows
 * those, and approval checks the profile still has them (the document proves them, not the ones
 * the member may have chosen since). Documents waiting for review take the profile's current ones.
 */
export class AddVerificationDocumentEmployment1766100000000 implements MigrationInterface {
  name = 'AddVerificationDocumentEmployment1766100000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE profiles.verification_documents ADD COLUMN airline text NULL, ADD COLUMN position text NULL');
    await q.query(`UPDATE profiles.verification_documents d SET airline = p.airline, position = p.position FROM profiles.profiles p WHERE p.user_id = d.user_id AND d.status = 'pending'`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE profiles.verification_documents DROP COLUMN position, DROP COLUMN airline');
  }
}
