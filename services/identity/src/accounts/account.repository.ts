import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { And, Equal, In, IsNull, MoreThan, Not } from 'typeorm';
import type { Account } from './account.js';
import { AccountEntity } from './account.orm-entity.js';

/** the ORM's row as the plain object the rules see */
const plain = (row: AccountEntity): Account => ({ ...row });
const plainOrNull = (row: AccountEntity | null): Account | null => (row ? plain(row) : null);

/** The only place that touches TypeORM for accounts: it hands out and takes plain `Account`s. */
@Injectable()
export class AccountRepository {
  constructor(private readonly db: Transactions) {}

  /** joins the current unit of work's transaction, if any */
  private get repo() {
    return this.db.manager.getRepository(AccountEntity);
  }

  async findById(id: string): Promise<Account | null> {
    return plainOrNull(await this.repo.findOneBy({ id }));
  }

  /** locks the row for the rest of the transaction (revision, type) */
  async findByIdForUpdate(id: string): Promise<Account | null> {
    return plainOrNull(await this.repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }));
  }

  /** a page of accounts that have a type, in id order, after `after`; with `userId`, that account only */
  async typedPage(after: string | undefined, limit: number, userId?: string): Promise<Account[]> {
    const id = after && userId ? And(MoreThan(after), Equal(userId)) : after ? MoreThan(after) : userId;
    return (await this.repo.find({ where: { userType: Not(IsNull()), ...(id ? { id } : {}) }, order: { id: 'ASC' }, take: limit })).map(plain);
  }

  async findByIds(ids: string[]): Promise<Account[]> {
    return (await this.repo.findBy({ id: In(ids) })).map(plain);
  }

  async findByEmail(email: string): Promise<Account | null> {
    return plainOrNull(await this.repo.findOneBy({ email: email.toLowerCase() }));
  }

  /** locks the row for the rest of the transaction (attempt counters, single-use tokens) */
  async findByEmailForUpdate(email: string): Promise<Account | null> {
    return plainOrNull(await this.repo.findOne({ where: { email: email.toLowerCase() }, lock: { mode: 'pessimistic_write' } }));
  }

  async findByResetTokenHash(hash: string): Promise<Account | null> {
    return plainOrNull(await this.repo.findOneBy({ resetTokenHash: hash }));
  }

  async findByResetTokenHashForUpdate(hash: string): Promise<Account | null> {
    return plainOrNull(await this.repo.findOne({ where: { resetTokenHash: hash }, lock: { mode: 'pessimistic_write' } }));
  }

  /** a new account object (not stored yet) */
  create(fields: Partial<Account>): Account {
    return plain(this.repo.create(fields));
  }

  /** inserts; returns false when the email is already taken (unique index) */
  async insert(account: Partial<Account>): Promise<boolean> {
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

  async save(account: Account): Promise<Account> {
    return plain(await this.repo.save(this.repo.create(account)));
  }

  async delete(id: string) {
    await this.repo.delete({ id });
  }
}
