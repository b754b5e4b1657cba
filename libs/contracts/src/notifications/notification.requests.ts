import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsId } from '../transforms.js';

export class ListNotificationsRequest {
  @IsId()
  userId!: string;

  /** a notification of the user's: the page before it */
  @IsOptional()
  @IsId({ message: 'Notification not found' })
  before?: string;
}

/** GET /api/notifications query */
export class NotificationsPageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'a notification id: the page before it' })
  @IsOptional()
  @IsId({ message: 'Notification not found' })
  before?: string;
}

export class MarkNotificationReadRequest {
  @IsId()
  userId!: string;

  @IsId({ message: 'Notification not found' })
  notificationId!: string;
}
