import { NotificationsPageQuery, Rpc } from '@aero/contracts';
import { Controller, Get, HttpCode, Inject, Param, Patch, Query } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { CountSchema } from '../openapi/schemas/common.schema.js';
import { NotificationReadSchema, NotificationSchema } from '../openapi/schemas/activity.schema.js';
import { idParam } from '../http/id-param.js';

@ApiTags('notifications')
@Controller('api/notifications')
export class NotificationsController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  /** newest first, a page at a time: `?before=<id>` for the older ones */
  @ApiOkResponse({ type: [NotificationSchema], description: 'newest first, a page at a time' })
  @Get()
  list(@CurrentUser() user: SessionUser, @Query() query: NotificationsPageQuery) {
    return this.ctx.rpc.send(Rpc.notifications.list, { userId: user.id, before: query.before });
  }

  /** for the navigation badge */
  @ApiOkResponse({ type: CountSchema })
  @Get('unread-count')
  unreadCount(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.notifications.unreadCount, { userId: user.id });
  }

  /** the service only marks notifications that belong to the caller */
  @ApiOkResponse({ type: NotificationReadSchema })
  @ApiErrors({ 404: 'Notification not found' })
  @Patch(':id/read')
  @HttpCode(200)
  markRead(@CurrentUser() user: SessionUser, @Param('id', idParam()) id: string) {
    return this.ctx.rpc.send(Rpc.notifications.markRead, { userId: user.id, notificationId: id });
  }
}
