import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { And, Equal, MoreThan } from 'typeorm';
import type { Profile } from './profile.js';
import { ProfileEntity } from './profile.orm-entity.js';

/** the ORM's row as the plain object the rules see */
const plain = (row: ProfileEntity): Profile => ({ ...row });

/** The only place that touches TypeORM for profiles: it hands out and takes plain `Profile`s. */
@Injectable()
export class ProfileRepository {
  constructor(private readonly db: Transactions) {}

  /** joins the current unit of work's transaction, if any */
  private get repo() {
    return this.db.manager.getRepository(ProfileEntity);
  }

  /** a page of profiles in user id order, after `after`; with `userId`, that member's only */
  async page(after: string | undefined, limit: number, userId?: string): Promise<Profile[]> {
    const id = after && userId ? And(MoreThan(after), Equal(userId)) : after ? MoreThan(after) : userId;
    return (await this.repo.find({ where: id ? { userId: id } : {}, order: { userId: 'ASC' }, take: limit })).map(plain);
  }

  async findByUserId(userId: string): Promise<Profile | null> {
    const row = await this.repo.findOneBy({ userId });
    return row && plain(row);
  }

  /** locks the row for the rest of the transaction (concurrent edits apply one after the other) */
  async findByUserIdForUpdate(userId: string): Promise<Profile | null> {
    const row = await this.repo.findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
    return row && plain(row);
  }

  /** inserts; false when the user already has a profile */
  async insert(profile: Profile): Promise<boolean> {
    const result = await this.db.manager.createQueryBuilder().insert().into(ProfileEntity).values(profile).orIgnore().returning('user_id').execute();
    return result.raw.length > 0;
  }

  async save(profile: Profile): Promise<Profile> {
    return plain(await this.repo.save(this.repo.create(profile)));
  }

  async delete(userId: string) {
    await this.repo.delete({ userId });
  }

  /**
   * Holds the member for the rest of the unit of work: `exclusive` by their account's deletion
   * (before `depart`), so that a request already past its session check when the account was
   * deleted either stored its row before the deletion took it, or sees the departure and stores
   * nothing (`holdPresentMember`).
   */
  async lockMember(userId: string, mode: 'shared' | 'exclusive') {
    await this.db.lockInOrder([`profiles-member:${userId}`], mode);
  }

  /**
   * Holds the member (as `lockMember`) for a request storing something of theirs, then answers
   * whether they are still a member (false: their account was deleted, store nothing). `shared`,
   * or `exclusive` for a request that must not run beside another of its kind.
   */
  async holdPresentMember(userId: string, mode: 'shared' | 'exclusive'): Promise<boolean> {
    await this.lockMember(userId, mode);
    return (await this.db.manager.query(`SELECT 1 FROM profiles.departed_members WHERE user_id = $1`, [userId])).length === 0;
  }

  /** the member's account was deleted: only their id stays, so that nothing of theirs is stored again */
  async depart(userId: string) {
    await this.db.manager.query(`INSERT INTO profiles.departed_members (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  }
}
