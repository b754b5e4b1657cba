import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { MoreThan } from 'typeorm';
import { ProfileEntity } from './profile.orm-entity.js';

/** The only place that touches TypeORM for profiles. */
@Injectable()
export class ProfileRepository {
  constructor(private readonly db: Transactions) {}

  /** joins the current unit of work's transaction, if any */
  private get repo() {
    return this.db.manager.getRepository(ProfileEntity);
  }

  /** a page of profiles in user id order, after `after` */
  page(after: string | undefined, limit: number) {
    return this.repo.find({ where: after ? { userId: MoreThan(after) } : {}, order: { userId: 'ASC' }, take: limit });
  }

  findByUserId(userId: string) {
    return this.repo.findOneBy({ userId });
  }

  /** locks the row for the rest of the transaction (concurrent edits apply one after the other) */
  findByUserIdForUpdate(userId: string) {
    return this.repo.findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** inserts; false when the user already has a profile */
  async insert(profile: ProfileEntity): Promise<boolean> {
    const result = await this.db.manager.createQueryBuilder().insert().into(ProfileEntity).values(profile).orIgnore().returning('user_id').execute();
    return result.raw.length > 0;
  }

  save(profile: ProfileEntity) {
    return this.repo.save(profile);
  }

  async delete(userId: string) {
    await this.repo.delete({ userId });
  }
}
