import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

export class ListNotificationsRequest {
  @IsUUID('4')
  userId!: string;

  /** a notification of the user's: the page before it */
  @IsOptional()
  @IsUUID('4', { message: 'Notification not found' })
  before?: string;
}

/** GET /api/notifications query */
export class NotificationsPageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'a notification id: the page before it' })
  @IsOptional()
  @IsUUID('4', { message: 'Notification not found' })
  before?: string;
}

export class MarkNotificationReadRequest {
  @IsUUID('4')
  userId!: string;

  @IsUUID('4', { message: 'Notification not found' })
  notificationId!: string;
}
