import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A photo attachment's pixels (as the gateway stored it), and a photo message's copy of them: the
 * conversation draws the photo's box at its shape before the photo arrives. Null for voice clips
 * and for photos sent before sizes were kept (drawn at the former portrait box).
 */
export class AddPhotoSizes1766100000000 implements MigrationInterface {
  name = 'AddPhotoSizes1766100000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE messaging.attachments ADD COLUMN width integer, ADD COLUMN height integer');
    await q.query('ALTER TABLE messaging.messages ADD COLUMN attachment_width integer, ADD COLUMN attachment_height integer');
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE messaging.messages DROP COLUMN attachment_width, DROP COLUMN attachment_height');
    await q.query('ALTER TABLE messaging.attachments DROP COLUMN width, DROP COLUMN height');
  }
}
