import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ProfileEntity } from '../profiles/profile.orm-entity.js';
import type { VerificationDocument } from './verification-document.js';
import { VerificationDocumentEntity } from './verification-document.orm-entity.js';

/** the ORM's row as the plain object the rules see */
const plain = (row: VerificationDocumentEntity): VerificationDocument => ({ ...row });
const plainOrNull = (row: VerificationDocumentEntity | null): VerificationDocument | null => (row ? plain(row) : null);

export interface PendingDocumentRow {
  document: VerificationDocument;
  firstName: string | null;
}

/** The only place that touches TypeORM for verification documents. */
@Injectable()
export class VerificationDocumentRepository {
  constructor(private readonly db: Transactions) {}

  /** joins the current unit of work's transaction, if any */
  private get repo() {
    return this.db.manager.getRepository(VerificationDocumentEntity);
  }

  /** serialises submissions of one user for the rest of the transaction */
  async lockUser(userId: string) {
    await this.db.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`verification:${userId}`]);
  }

  /** the newest document of the user: it decides the verification status */
  async latestForUser(userId: string): Promise<VerificationDocument | null> {
    return plainOrNull(await this.repo.findOne({ where: { userId }, order: { createdAt: 'DESC' } }));
  }

  /** the user's newest document and the one before it (their standing: `standingOf`) */
  async latestTwoForUser(userId: string): Promise<[VerificationDocument | null, VerificationDocument | null]> {
    const [latest, previous] = (await this.repo.find({ where: { userId }, order: { createdAt: 'DESC' }, take: 2 })).map(plain);
    return [latest ?? null, previous ?? null];
  }

  async findById(id: string): Promise<VerificationDocument | null> {
    return plainOrNull(await this.repo.findOneBy({ id }));
  }

  async findByIdForUpdate(id: string): Promise<VerificationDocument | null> {
    return plainOrNull(await this.repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }));
  }

  async insert(document: Partial<VerificationDocument>) {
    await this.repo.insert(document);
  }

  async save(document: VerificationDocument): Promise<VerificationDocument> {
    return plain(await this.repo.save(this.repo.create(document)));
  }

  /** pending documents but `exceptUserId`'s, oldest first, with the owner's first name (the airline and position are the document's) */
  async listPending(exceptUserId: string): Promise<PendingDocumentRow[]> {
    const rows = await this.repo
      .createQueryBuilder('d')
      .leftJoin(ProfileEntity, 'p', 'p.userId = d.userId')
      .select('d')
      .addSelect(['p.first_name AS p_first_name'])
      .where('d.status = :status', { status: 'pending' })
      .andWhere('d.userId <> :exceptUserId', { exceptUserId })
      .orderBy('d.createdAt', 'ASC')
      .limit(500)
      .getRawAndEntities();
    return rows.entities.map((document, i) => ({ document: plain(document), firstName: rows.raw[i].p_first_name ?? null }));
  }

  /** the member's approved document no longer counts (it proved an airline or position they changed) */
  async supersedeApproved(userId: string) {
    await this.repo.update({ userId, status: 'approved' }, { status: 'superseded' });
  }

  async deleteForUser(userId: string) {
    await this.repo.delete({ userId });
  }
}
