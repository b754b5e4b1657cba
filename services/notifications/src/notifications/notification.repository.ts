import { Transactions } from '@aero/common';
import { Injectable } from '@nestjs/common';

import { NotificationEntity } from './notification.orm-entity.js';

@Injectable()
export class NotificationRepository {
  constructor(private readonly db: Transactions) {}

  /** joins the current unit of work's transaction, if any */
  private get repo() {
    return this.db.manager.getRepository(NotificationEntity);
  }

  listForUser(userId: string) {
    return this.repo.find({ where: { userId }, order: { createdAt: 'DESC' }, take: 200 });
  }

  /** marks one of the user's own notifications read; false when it is not theirs or missing */
  async markRead(userId: string, id: string): Promise<boolean> {
    const result = await this.repo.update({ id, userId }, { read: true });
    return (result.affected ?? 0) > 0;
  }

  insert(notification: Partial<NotificationEntity>) {
    return this.repo.save(this.repo.create(notification));
  }

  async deleteForUser(userId: string) {
    await this.repo.delete({ userId });
  }
}
