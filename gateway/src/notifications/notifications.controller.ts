import { NotificationsPageQuery, Rpc } from '@aero/contracts';
import { Controller, Get, HttpCode, Inject, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';

@Controller('api/notifications')
export class NotificationsController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  /** newest first, a page at a time: `?before=<id>` for the older ones */
  @Get()
  list(@CurrentUser() user: SessionUser, @Query() query: NotificationsPageQuery) {
    return this.ctx.rpc.send(Rpc.notifications.list, { userId: user.id, before: query.before });
  }

  /** for the navigation badge */
  @Get('unread-count')
  unreadCount(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.notifications.unreadCount, { userId: user.id });
  }

  /** the service only marks notifications that belong to the caller */
  @Patch(':id/read')
  @HttpCode(200)
  markRead(@CurrentUser() user: SessionUser, @Param('id', new ParseUUIDPipe({ version: '4' })) id: string) {
    return this.ctx.rpc.send(Rpc.notifications.markRead, { userId: user.id, notificationId: id });
  }
}
