import { Events, type NotificationCreatedEvent } from '@aero/contracts';
import type { Subscription } from '@aero/messaging';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConnectedSocket, MessageBody, type OnGatewayConnection, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { SESSION_COOKIE, SessionStore, sessionTag } from '../auth/session.store.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

export const userRoom = (userId: string) => `user:${userId}`;
/** the sockets of one session: they are disconnected when the session ends, on every gateway */
export const sessionRoom = (sid: string) => `session:${sessionTag(sid)}`;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * socket.io at /ws. A handshake from another origin is refused (cross-site socket hijacking); a socket is authenticated from the session cookie when it connects and joins
 * its user's and its session's rooms; an `auth` message naming another user is refused. When a
 * session ends (logout, password reset or change, sign-out of other devices, account deletion)
 * its sockets are disconnected on every gateway (the Redis adapter relays it). Domain events
 * the browser must see live (notifications now, messages later) are pushed to those rooms;
 * with REDIS_URL the adapter reaches sockets held by other gateway instances.
 */
@WebSocketGateway({ path: '/ws', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationBootstrap, OnApplicationShutdown {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('RealtimeGateway');
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
  ) {}

  /** the session is resolved before the connection completes, so no message can outrun it */
  afterInit(server: Server) {
    const origin = new URL(this.ctx.settings.publicUrl).origin;
    server.use((socket, next) => {
      // a browser always sends Origin on a cross-site handshake (WebSocket or polling); only a
      // same-origin polling GET may come without one
      const from = socket.handshake.headers.origin;
      if (from !== undefined && from !== origin) return next(new Error('Origin not allowed'));
      const sid = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      this.sessions
        .accountFor(sid)
        .then((accountId) => {
          socket.data.userId = accountId ?? undefined;
          socket.data.sessionRoom = accountId && sid ? sessionRoom(sid) : undefined;
          next();
        })
        .catch(next);
    });
    this.sessions.onEnded((sids) => server.in(sids.map(sessionRoom)).disconnectSockets(true));
  }

  async handleConnection(socket: Socket) {
    const accountId = socket.data.userId as string | undefined;
    if (!accountId) {
      socket.emit('auth_error', { message: 'Not signed in' });
      socket.disconnect(true);
      return;
    }
    await socket.join([userRoom(accountId), socket.data.sessionRoom as string]);
  }

  @SubscribeMessage('auth')
  auth(@ConnectedSocket() socket: Socket, @MessageBody() body: { userId?: string } | undefined) {
    if (!socket.data.userId || (body?.userId && body.userId !== socket.data.userId)) {
      socket.emit('auth_error', { message: 'Authentication failed' });
      return;
    }
    socket.emit('auth_success', { userId: socket.data.userId });
  }

  async onApplicationBootstrap() {
    // one gateway instance handles each event (shared durable consumer); the adapter fans out
    this.subscriptions.push(
      await this.ctx.bus.subscribe({
        consumer: 'gateway.push-notification-when-created',
        subjects: [Events.notifications.notificationCreated],
        handle: async (event) => {
          const { userId, notification } = event.payload as NotificationCreatedEvent;
          this.server.to(userRoom(userId)).emit('notification', notification);
        },
      }),
    );
    this.logger.log('pushing notifications to sockets');
  }

  async onApplicationShutdown() {
    await Promise.all(this.subscriptions.map((s) => s.stop()));
  }
}
