import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, MoreThan } from 'typeorm';
import { ProfileEntity } from './profile.orm-entity.js';

/** The only place that touches TypeORM for profiles. */
@Injectable()
export class ProfileRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(ProfileEntity);
  }

  /** a page of profiles in user id order, after `after` */
  page(after: string | undefined, limit: number) {
    return this.repo().find({ where: after ? { userId: MoreThan(after) } : {}, order: { userId: 'ASC' }, take: limit });
  }

  findByUserId(userId: string, manager?: EntityManager) {
    return this.repo(manager).findOneBy({ userId });
  }

  /** locks the row for the rest of the transaction (concurrent edits apply one after the other) */
  findByUserIdForUpdate(userId: string, manager: EntityManager) {
    return this.repo(manager).findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** inserts; false when the user already has a profile */
  async insert(profile: ProfileEntity, manager: EntityManager): Promise<boolean> {
    const result = await manager.createQueryBuilder().insert().into(ProfileEntity).values(profile).orIgnore().returning('user_id').execute();
    return result.raw.length > 0;
  }

  save(profile: ProfileEntity, manager: EntityManager) {
    return this.repo(manager).save(profile);
  }

  async setVerified(userId: string, manager: EntityManager) {
    await this.repo(manager).update({ userId }, { verified: true });
  }

  async delete(userId: string, manager: EntityManager) {
    await this.repo(manager).delete({ userId });
  }
}
