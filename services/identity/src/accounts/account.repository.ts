import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { In, IsNull, MoreThan, Not } from 'typeorm';
import { AccountEntity } from './account.orm-entity.js';

/** The only place that touches TypeORM for accounts. */
@Injectable()
export class AccountRepository {
  constructor(private readonly db: Transactions) {}

  /** joins the current unit of work's transaction, if any */
  private get repo() {
    return this.db.manager.getRepository(AccountEntity);
  }

  findById(id: string) {
    return this.repo.findOneBy({ id });
  }

  /** locks the row for the rest of the transaction (revision, type) */
  findByIdForUpdate(id: string) {
    return this.repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** a page of accounts that have a type, in id order, after `after` */
  typedPage(after: string | undefined, limit: number) {
    return this.repo.find({ where: { userType: Not(IsNull()), ...(after ? { id: MoreThan(after) } : {}) }, order: { id: 'ASC' }, take: limit });
  }

  findByIds(ids: string[]) {
    return this.repo.findBy({ id: In(ids) });
  }

  findByEmail(email: string) {
    return this.repo.findOneBy({ email: email.toLowerCase() });
  }

  /** locks the row for the rest of the transaction (attempt counters, single-use tokens) */
  findByEmailForUpdate(email: string) {
    return this.repo.findOne({ where: { email: email.toLowerCase() }, lock: { mode: 'pessimistic_write' } });
  }

  findByResetTokenHash(hash: string) {
    return this.repo.findOneBy({ resetTokenHash: hash });
  }

  findByResetTokenHashForUpdate(hash: string) {
    return this.repo.findOne({ where: { resetTokenHash: hash }, lock: { mode: 'pessimistic_write' } });
  }

  /** a new account object (not stored yet) */
  create(fields: Partial<AccountEntity>): AccountEntity {
    return this.repo.create(fields);
  }

  /** inserts; returns false when the email is already taken (unique index) */
  async insert(account: Partial<AccountEntity>): Promise<boolean> {
    const result = await this.db.manager
      .createQueryBuilder()
      .insert()
      .into(AccountEntity)
      .values(account)
      .orIgnore()
      .returning('id')
      .execute();
    return result.raw.length > 0;
  }

  save(account: AccountEntity) {
    return this.repo.save(account);
  }

  async delete(id: string) {
    await this.repo.delete({ id });
  }
}
