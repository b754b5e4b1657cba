import { ListNotificationsRequest, MarkNotificationReadRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(Rpc.notifications.list)
  list(@Payload() req: ListNotificationsRequest) {
    return this.notifications.list(req);
  }

  @MessagePattern(Rpc.notifications.unreadCount)
  unreadCount(@Payload() req: ListNotificationsRequest) {
    return this.notifications.unreadCount(req);
  }

  @MessagePattern(Rpc.notifications.markRead)
  markRead(@Payload() req: MarkNotificationReadRequest) {
    return this.notifications.markRead(req);
  }
}
