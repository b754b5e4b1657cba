import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NotificationEntity } from './notification.orm-entity.js';

@Injectable()
export class NotificationRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(NotificationEntity);
  }

  listForUser(userId: string) {
    return this.repo().find({ where: { userId }, order: { createdAt: 'DESC' }, take: 200 });
  }

  /** marks one of the user's own notifications read; false when it is not theirs or missing */
  async markRead(userId: string, id: string): Promise<boolean> {
    const result = await this.repo().update({ id, userId }, { read: true });
    return (result.affected ?? 0) > 0;
  }

  insert(notification: Partial<NotificationEntity>, manager: EntityManager) {
    return this.repo(manager).save(this.repo(manager).create(notification));
  }

  async deleteForUser(userId: string, manager: EntityManager) {
    await this.repo(manager).delete({ userId });
  }
}
