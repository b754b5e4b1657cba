import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

import { ProfileEntity } from '../profiles/profile.orm-entity.js';
import { VerificationDocumentEntity } from './verification-document.orm-entity.js';

export interface PendingDocumentRow {
  document: VerificationDocumentEntity;
  firstName: string | null;
  airline: string | null;
  position: string | null;
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
  latestForUser(userId: string) {
    return this.repo.findOne({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  findById(id: string) {
    return this.repo.findOneBy({ id });
  }

  findByIdForUpdate(id: string) {
    return this.repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(document: Partial<VerificationDocumentEntity>) {
    await this.repo.insert(document);
  }

  save(document: VerificationDocumentEntity) {
    return this.repo.save(document);
  }

  /** pending documents, oldest first, with the owner's profile fields the queue shows */
  async listPending(): Promise<PendingDocumentRow[]> {
    const rows = await this.repo
      .createQueryBuilder('d')
      .leftJoin(ProfileEntity, 'p', 'p.userId = d.userId')
      .select('d')
      .addSelect(['p.first_name AS p_first_name', 'p.airline AS p_airline', 'p.position AS p_position'])
      .where('d.status = :status', { status: 'pending' })
      .orderBy('d.createdAt', 'ASC')
      .limit(500)
      .getRawAndEntities();
    return rows.entities.map((document, i) => ({
      document,
      firstName: rows.raw[i].p_first_name ?? null,
      airline: rows.raw[i].p_airline ?? null,
      position: rows.raw[i].p_position ?? null,
    }));
  }

  /** the member's approved document no longer counts (it proved an airline or position they changed) */
  async supersedeApproved(userId: string) {
    await this.repo.update({ userId, status: 'approved' }, { status: 'superseded' });
  }

  async deleteForUser(userId: string) {
    await this.repo.delete({ userId });
  }
}
