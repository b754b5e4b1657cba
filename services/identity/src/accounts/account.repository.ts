import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, IsNull, MoreThan, Not } from 'typeorm';
import { AccountEntity } from './account.orm-entity.js';

/** The only place that touches TypeORM for accounts. */
@Injectable()
export class AccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(AccountEntity);
  }

  findById(id: string, manager?: EntityManager) {
    return this.repo(manager).findOneBy({ id });
  }

  /** locks the row for the rest of the transaction (revision, type) */
  findByIdForUpdate(id: string, manager: EntityManager) {
    return this.repo(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** a page of accounts that have a type, in id order, after `after` */
  typedPage(after: string | undefined, limit: number) {
    return this.repo().find({ where: { userType: Not(IsNull()), ...(after ? { id: MoreThan(after) } : {}) }, order: { id: 'ASC' }, take: limit });
  }

  findByIds(ids: string[], manager?: EntityManager) {
    return this.repo(manager).findBy({ id: In(ids) });
  }

  findByEmail(email: string, manager?: EntityManager) {
    return this.repo(manager).findOneBy({ email: email.toLowerCase() });
  }

  /** locks the row for the rest of the transaction (attempt counters, single-use tokens) */
  findByEmailForUpdate(email: string, manager: EntityManager) {
    return this.repo(manager).findOne({ where: { email: email.toLowerCase() }, lock: { mode: 'pessimistic_write' } });
  }

  findByResetTokenHash(hash: string) {
    return this.repo().findOneBy({ resetTokenHash: hash });
  }

  findByResetTokenHashForUpdate(hash: string, manager: EntityManager) {
    return this.repo(manager).findOne({ where: { resetTokenHash: hash }, lock: { mode: 'pessimistic_write' } });
  }

  /** inserts; returns false when the email is already taken (unique index) */
  async insert(account: Partial<AccountEntity>, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(AccountEntity)
      .values(account)
      .orIgnore()
      .returning('id')
      .execute();
    return result.raw.length > 0;
  }

  save(account: AccountEntity, manager?: EntityManager) {
    return this.repo(manager).save(account);
  }

  async delete(id: string, manager: EntityManager) {
    await this.repo(manager).delete({ id });
  }
}
