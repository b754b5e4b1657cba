import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A decided employment document keeps only its decision and date (the privacy policy): its file is
 * deleted, and now the name the file had and the airline and position it was sent for go too
 * (VerificationService.review). Those of documents decided before go here; they cannot be put
 * back: `down` only makes the name required again, as an empty name.
 */
export class ForgetDecidedDocumentDetails1766810000000 implements MigrationInterface {
  name = 'ForgetDecidedDocumentDetails1766810000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE profiles.verification_documents ALTER COLUMN file_name DROP NOT NULL');
    await q.query(`UPDATE profiles.verification_documents SET file_name = NULL, airline = NULL, position = NULL WHERE status <> 'pending'`);
  }

  async down(q: QueryRunner) {
    await q.query(`UPDATE profiles.verification_documents SET file_name = '' WHERE file_name IS NULL`);
    await q.query('ALTER TABLE profiles.verification_documents ALTER COLUMN file_name SET NOT NULL');
  }
}
