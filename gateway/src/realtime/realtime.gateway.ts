import { attachmentKeyFrom, attachmentPrefix, checkedAttachmentKey, type ErrorCode, ErrorCodes, Events, type EventSubject, type Language, Messages, Rpc, SendMessageBody, ServerLimits, SocketEvents } from '@aero/contracts';
import type { Subscription } from '@aero/event-bus';
import { fastifyCookie } from '@fastify/cookie';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, MessageBody, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { plainToInstance } from 'class-transformer';
import { isUUID, validate } from 'class-validator';
import type { Server, Socket } from 'socket.io';
import { SESSION_COOKIE, SessionStore, sessionTag } from '../auth/session.store.js';
import { ChatService } from '../chat/chat.service.js';
import { RateLimits } from '../http/rate-limit.guard.js';
import { toMessageView } from '../chat/message-links.js';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { toErrorBody } from '../http/http-error.filter.js';
import { MAX_JSON_DEPTH, valueNestsDeeperThan } from '../http/json-depth.js';
import { languageOfAcceptLanguage } from '../http/mail-language.js';
import { type DomainEvent, firstValidationMessage, Presence, subscribeDomainEvents } from '@aero/common';

const TYPING_MIN_INTERVAL_MS = 1000;
/**
 * the refusals of a message whose ack and `message_error` carry their code (and the ack their
 * status), as HTTP answers them: 'Are you sure?', the paywall, an attachment the server does not
 * know (any more), which the app uploads again, and a match not found, which the app looks for in
 * its match list again (its end's push may have been missed: then the conversation says it is gone)
 */
const ACKED_WITH_CODE = new Set<ErrorCode>([ErrorCodes.nudge, ErrorCodes.subscriptionRequired, ErrorCodes.attachmentInvalid, ErrorCodes.matchNotFound]);
/** a socket's calls look at its session at most this often */
const SESSION_RECHECK_MS = 1000;

export const userRoom = (userId: string) => `user:${userId}`;

/** the language a socket's app says it is in (a locale, read as an Accept-Language: one of the four, else English); anything but a string changes nothing */
const keepLanguage = (socket: Socket, language: unknown) => {
  if (typeof language === 'string') socket.data.language = languageOfAcceptLanguage(language);
};
/** the sockets of one session: they are disconnected when the session ends, on every gateway */
export const sessionRoom = (sid: string) => `session:${sessionTag(sid)}`;

const EXPIRED = Symbol('expired');
/** `promise`'s value, or EXPIRED if it has not settled within `ms` (it runs on; what it settles to then is ignored) */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof EXPIRED> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<typeof EXPIRED>((resolve) => (timer = setTimeout(() => resolve(EXPIRED), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** the cookie parser HTTP requests use (a malformed percent-encoding is kept as it came, never thrown) */
const cookieValue = (header: string | undefined, name: string): string | undefined => (header ? fastifyCookie.parse(header)[name] : undefined);

/** the payload's match id, in its canonical lowercase form (as the HTTP routes take it), or null */
const matchIdOf = (body: unknown) => (typeof body === 'object' && body !== null && isUUID((body as { matchId?: unknown }).matchId, '4') ? (body as { matchId: string }).matchId.toLowerCase() : null);

/**
 * socket.io at /ws. A handshake from another origin is refused (cross-site socket hijacking); a
 * socket is authenticated from the session cookie when it connects and joins its user's and its
 * session's rooms; an `auth` message naming another user is refused. When a session ends its
 * sockets are disconnected on every gateway (the Redis adapter relays it).
 *
 * Chat: `message` sends through the messaging service (stored before anyone is told); the
 * `messaging.message.sent` event, consumed once across gateways, becomes `new_message` in both
 * members' rooms wherever their sockets are. Read receipts, typing, presence (to the member's
 * open conversations only, honouring showOnline) and ended matches go the same way.
 */
@WebSocketGateway({ path: '/ws', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('RealtimeGateway');
  private subscriptions: Subscription[] = [];
  /** this gateway's sockets, whose presence marks it keeps alive */
  private readonly local = new Map<string, { userId: string; socketId: string }>();
  private heartbeat?: NodeJS.Timeout;
  private closing = false;

  /** what a refused socket call answers: the service's or validation's text, never an internal one (`failed` instead) */
  private refusal(error: unknown, failed: string): { message: string; code: ErrorCode; statusCode: number } {
    const body = toErrorBody(error, this.logger);
    return body.statusCode < 500 ? body : { message: failed, code: body.code, statusCode: body.statusCode };
  }

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly sessions: SessionStore,
    private readonly chat: ChatService,
    private readonly presence: Presence,
    private readonly limits: RateLimits,
  ) {}

  /** the session is resolved before the connection completes, so no message can outrun it */
  afterInit(server: Server) {
    const origin = new URL(this.ctx.settings.publicUrl).origin;
    // socket.io does not catch what a middleware throws (it would end the process): every step
    // runs inside the promise, and any failure refuses this handshake only
    server.use((socket, next) => {
      void (async () => {
        // a browser always sends Origin on a cross-site handshake (WebSocket or polling); only a
        // same-origin polling GET may come without one
        const from = socket.handshake.headers.origin;
        if (from !== undefined && from !== origin) throw new Error('Origin not allowed');
        const sid = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
        const accountId = await this.sessions.accountFor(sid);
        // a member's handshakes are limited: each may tell their matches they came online
        if (accountId) await this.limits.checkMember('connect', accountId);
        socket.data.userId = accountId ?? undefined;
        socket.data.sid = accountId ? sid : undefined;
        socket.data.sessionRoom = accountId && sid ? sessionRoom(sid) : undefined;
      })().then(() => next(), next);
    });
    this.sessions.onEnded((sids) => server.in(sids.map(sessionRoom)).disconnectSockets(true));
  }

  async handleConnection(socket: Socket) {
    const userId = socket.data.userId as string | undefined;
    if (!userId) {
      socket.emit(SocketEvents.authError, { message: Messages.notSignedIn });
      socket.disconnect(true);
      return;
    }
    this.ctx.metrics.openSockets.inc();
    // the socket's calls wait for its setup: 'typing…' sent at once would otherwise find the
    // member's presence choice not yet written, and go to nobody
    const setUp = this.setUp(socket, userId);
    const settled = setUp.catch(() => undefined);
    // every call over the socket needs the session still alive, as every HTTP request does (it
    // may have expired, idle or at its maximum age, since the socket connected), and uses it
    socket.use((_packet, next) => void settled.then(() => this.checkSession(socket, userId, next)));
    await setUp;
  }

  private checkSession(socket: Socket, userId: string, next: () => void) {
    // at most one look a second (typing comes often)
    const now = Date.now();
    if (now - ((socket.data.sessionCheckedAt as number | undefined) ?? 0) < SESSION_RECHECK_MS) return next();
    this.sessions.accountFor(socket.data.sid as string).then(
      (accountId) => {
        socket.data.sessionCheckedAt = now;
        if (accountId === userId) return next();
        this.signOut(socket);
      },
      (error: Error) => {
        this.logger.warn(`session check of a socket call failed: ${error.message}`);
        socket.disconnect(true);
      },
    );
  }

  /** the new socket in its rooms, its member's presence marked and told, and it told who of their matches is online */
  private async setUp(socket: Socket, userId: string) {
    await socket.join([userRoom(userId), socket.data.sessionRoom as string]);
    // a session ended while this socket was handshaking closed its room's sockets before this one
    // was in it: looked at again now that it is, it is closed here instead
    if (!(await this.sessions.isLive(socket.data.sid as string).catch(() => false))) {
      this.signOut(socket);
      return;
    }
    try {
      // whether the member shows their presence is read again once the socket is marked: a change
      // saved while the first read was under way then never stays overwritten by it
      const showsOnline = () => this.chat.showsPresence(userId);
      const shown = await showsOnline();
      if (!socket.connected) return;
      await this.presence.show(userId, shown);
      this.local.set(socket.id, { userId, socketId: socket.id });
      const cameOnline = await this.presence.connect(userId, socket.id);
      // closed meanwhile: handleDisconnect found it not yet marked (and left it), or unmarked it
      // before its mark was written; either way it is unmarked here, no partner told of it. One socket
      // more than a member may hold is too: counted once marked, so sockets connecting at the same
      // moment cannot all slip under the limit
      if (!socket.connected || (await this.presence.openSockets(userId)) > ServerLimits.socketsPerMember) {
        this.local.delete(socket.id);
        await this.presence.disconnect(userId, socket.id);
        socket.disconnect(true);
        return;
      }
      // (best effort: the settings event sets it right too)
      const now = await showsOnline().catch(() => shown);
      if (now !== shown) await this.presence.show(userId, now);
      const { partnerIds } = await this.ctx.rpc.send(Rpc.messaging.partners, { userId });
      const toldPartners = cameOnline && partnerIds.length > 0 && (await this.presence.isShown(userId)) && socket.connected;
      if (toldPartners) this.server.to(partnerIds.map(userRoom)).emit(SocketEvents.userOnline, { userId });
      // who of the member's matches is online now; changes arrive as user_online / user_offline
      const toldSocket = [...(await this.presence.visiblyOnline(partnerIds))];
      for (const partnerId of toldSocket) socket.emit(SocketEvents.userOnline, { userId: partnerId });
      // a match ended (unmatch, block) after the read above may have been told first: each then
      // hears the other offline again, never online after the end
      const gone = toldPartners || toldSocket.length ? await this.partnersGone(userId, partnerIds) : [];
      if (toldPartners && gone.length) this.server.to(gone.map(userRoom)).emit(SocketEvents.userOffline, { userId });
      for (const partnerId of toldSocket.filter((id) => gone.includes(id))) socket.emit(SocketEvents.userOffline, { userId: partnerId });
    } catch (error) {
      this.logger.warn(`presence of a new socket failed: ${(error as Error).message}`);
    }
  }

  /** the socket's session has ended: it is told so, and closed */
  private signOut(socket: Socket) {
    socket.emit(SocketEvents.authError, { message: 'Session ended' });
    socket.disconnect(true);
  }

  /** closes this gateway's sockets whose session has ended unseen (looking is not a use of the session; EndedSessionsSweeper asks) */
  async closeEndedSessions() {
    const bySession = new Map<string, Socket[]>();
    for (const socket of this.server.sockets.sockets.values()) {
      const sid = socket.data.sid as string | undefined;
      if (sid) bySession.set(sid, [...(bySession.get(sid) ?? []), socket]);
    }
    for (const [sid, sockets] of bySession) {
      if (!(await this.sessions.isLive(sid))) sockets.forEach((socket) => this.signOut(socket));
    }
  }

  async handleDisconnect(socket: Socket) {
    if (socket.data.userId) this.ctx.metrics.openSockets.dec();
    const entry = this.local.get(socket.id);
    if (!entry || this.closing) return;
    this.local.delete(socket.id);
    try {
      if (!(await this.presence.disconnect(entry.userId, socket.id)) || !(await this.presence.isShown(entry.userId))) return;
      const { partnerIds } = await this.ctx.rpc.send(Rpc.messaging.partners, { userId: entry.userId });
      // a gateway that began closing meanwhile tells nothing more (its fan-out may be gone)
      if (partnerIds.length && !this.closing) this.server.to(partnerIds.map(userRoom)).emit(SocketEvents.userOffline, { userId: entry.userId });
    } catch (error) {
      this.logger.warn(`presence of a closed socket failed: ${(error as Error).message}`);
    }
  }

  /** `{userId, language?}`: the session's member, and the language of the app (a locale, as its calls' Accept-Language) */
  @SubscribeMessage(SocketEvents.auth)
  auth(@ConnectedSocket() socket: Socket, @MessageBody() body: { userId?: string; language?: unknown } | undefined) {
    if (!socket.data.userId || (body?.userId && body.userId !== socket.data.userId)) {
      socket.emit(SocketEvents.authError, { message: 'Authentication failed' });
      return;
    }
    keepLanguage(socket, body?.language);
    socket.emit(SocketEvents.authSuccess, { userId: socket.data.userId });
  }

  /** `{language}`: the app's language changed (Settings) */
  @SubscribeMessage(SocketEvents.language)
  language(@ConnectedSocket() socket: Socket, @MessageBody() body: { language?: unknown } | undefined) {
    if (socket.data.userId) keepLanguage(socket, body?.language);
  }

  /** the language of `userId`'s app, as one of their sockets said it (English when none did) */
  async languageOf(userId: string): Promise<Language> {
    const sockets = await this.server.in(userRoom(userId)).fetchSockets();
    return (sockets.map((s) => s.data.language as Language | undefined).find(Boolean)) ?? 'english';
  }

  /** spec §7's message: stored, then delivered to both members as `new_message`; the ack answers `{message}` or `{error}` */
  @SubscribeMessage(SocketEvents.message)
  message(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    // one socket's messages are stored in the order it sent them: each waits for the one before
    const turn = ((socket.data.sending as Promise<unknown> | undefined) ?? Promise.resolve()).then(() => this.send(socket, body));
    socket.data.sending = turn.catch(() => undefined);
    return turn;
  }

  private async send(socket: Socket, body: unknown) {
    const userId = socket.data.userId as string;
    const matchId = matchIdOf(body);
    const id = typeof (body as { id?: unknown })?.id === 'string' ? (body as { id: string }).id : undefined;
    // 'Are you sure?' and the paywall are answered like over HTTP, with their status and code, so the app can ask or send to /subscribe
    const refuse = (message: string, refusal?: { code: ErrorCode; statusCode: number }) => {
      const told = refusal && ACKED_WITH_CODE.has(refusal.code) ? refusal : undefined;
      socket.emit(SocketEvents.messageError, { id, matchId, message, ...(told ? { code: told.code } : {}) });
      return told ? { error: message, code: told.code, statusCode: told.statusCode } : { error: message };
    };
    if (!matchId) return refuse(Messages.matchNotFound);
    if (valueNestsDeeperThan(body, MAX_JSON_DEPTH)) return refuse(Messages.invalidRequest);
    const input = plainToInstance(SendMessageBody, body as object);
    const problems = await validate(input, { whitelist: true });
    if (problems.length) return refuse(firstValidationMessage(problems) ?? Messages.invalidRequest);
    try {
      return { message: await this.chat.send(userId, matchId, input) };
    } catch (error) {
      const refusal = this.refusal(error, 'Failed to send message');
      return refuse(refusal.message, refusal);
    }
  }

  /** the other member's messages in this conversation are read; they get `message_read` */
  @SubscribeMessage(SocketEvents.messageRead)
  async messageRead(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    const matchId = matchIdOf(body);
    if (!matchId) return { error: Messages.matchNotFound };
    try {
      return await this.chat.markRead(socket.data.userId as string, matchId);
    } catch (error) {
      return { error: this.refusal(error, 'Failed to mark messages read').message };
    }
  }

  /** 'typing…' for the other member of an open conversation only, from a member who shows their presence (it says they are online) */
  @SubscribeMessage(SocketEvents.typing)
  async typing(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown) {
    const matchId = matchIdOf(body);
    const userId = socket.data.userId as string;
    // a client says it is typing every few seconds; more often is ignored, so a flood costs nothing
    const now = Date.now();
    if (!matchId || now - ((socket.data.lastTypingAt as number | undefined) ?? 0) < TYPING_MIN_INTERVAL_MS) return;
    socket.data.lastTypingAt = now;
    const { partnerId } = await this.ctx.rpc.send(Rpc.messaging.partnerIn, { userId, matchId }).catch(() => ({ partnerId: null }));
    // (a socket whose connection has not written the member's choice, or could not read it, types to nobody: it may be hiding)
    if (partnerId && (await this.presence.isShown(userId))) this.server.to(userRoom(partnerId)).emit(SocketEvents.typing, { matchId, userId });
  }

  /**
   * The member's showOnline, saved: it holds at once for every socket of theirs on every gateway,
   * and their partners hear of the change now (`user_offline` when they hide while online,
   * `user_online` when they show themselves again); applying it again tells nothing. Only the
   * application that changed it tells (the PUT's and the settings event's may run at the same moment,
   * on two gateways: both would have seen the member hidden before, and shown after).
   */
  async showOnline(userId: string, shown: boolean) {
    if (!(await this.presence.show(userId, shown)) || !(await this.presence.isOnline(userId))) return;
    const { partnerIds } = await this.ctx.rpc.send(Rpc.messaging.partners, { userId });
    if (!partnerIds.length) return;
    this.server.to(partnerIds.map(userRoom)).emit(shown ? SocketEvents.userOnline : SocketEvents.userOffline, { userId });
    // a match ended (unmatch, block) after the read above may have been told first: its ex-partner
    // hears the member offline again, never online after the end
    const gone = shown ? await this.partnersGone(userId, partnerIds) : [];
    if (gone.length) this.server.to(gone.map(userRoom)).emit(SocketEvents.userOffline, { userId });
  }

  /**
   * Which of `told` (partners of the member, read before they were told of a presence) are partners
   * no more, read again now: an end committed after the first read and told before the telling is
   * seen here; one committed after this read is told later, by its own telling (as a new match's)
   */
  private async partnersGone(userId: string, told: string[]): Promise<string[]> {
    try {
      const now = new Set((await this.ctx.rpc.send(Rpc.messaging.partners, { userId })).partnerIds);
      return told.filter((id) => !now.has(id));
    } catch (error) {
      // unknown is taken as gone: a partner shown offline until the next telling, rather than an
      // ex-partner (a blocked member) shown online for good
      this.logger.warn(`reading partners again after a presence telling failed: ${(error as Error).message}; all told hear offline`);
      return told;
    }
  }

  /**
   * Whether a stored message is pushed: only while its conversation is still open between its sender
   * and `recipientId`, as read now (messaging closes it before an unmatch or a block answers), so a
   * message stored just before the end whose event arrives after the answer reaches neither member (no
   * 'New message' from someone just blocked; it stays stored). The check never costs a push: when it
   * fails (messaging down, restarting) or has not answered within `ServerLimits.messagePushCheckMs`,
   * the message is pushed anyway - a rare push racing an end is better than a message between matched
   * members pushed never (the event dead-lettered) or late, with every other pair's pushes behind it.
   */
  private async stillOpen(senderId: string, matchId: string, recipientId: string): Promise<boolean> {
    try {
      const answer = await within(this.ctx.rpc.send(Rpc.messaging.partnerIn, { userId: senderId, matchId }), ServerLimits.messagePushCheckMs);
      if (answer !== EXPIRED) return answer.partnerId === recipientId;
      this.logger.warn(`conversation check of a message push not answered within ${ServerLimits.messagePushCheckMs} ms: pushed unchecked`);
    } catch (error) {
      this.logger.warn(`conversation check of a message push failed: ${(error as Error).message}; pushed unchecked`);
    }
    return true;
  }

  async onApplicationBootstrap() {
    // one gateway instance handles each event (shared durable consumer); the adapter fans out
    const on = async <S extends EventSubject>(consumer: string, subject: S, handle: (event: DomainEvent<S>) => Promise<void>) =>
      this.subscriptions.push(await subscribeDomainEvents(this.ctx.bus, { consumer, subjects: [subject], handle }));
    await on('gateway.push-notification-when-created', Events.notifications.notificationCreated, async (event) => {
      const { userId, notification } = event.payload;
      this.server.to(userRoom(userId)).emit(SocketEvents.notification, notification);
    });
    await on('gateway.tell-members-when-notifications-removed', Events.notifications.notificationsRemoved, async (event) => {
      this.server.to(event.payload.userIds.map(userRoom)).emit(SocketEvents.notificationsRemoved, {});
    });
    await on('gateway.tell-member-when-notifications-read', Events.notifications.notificationsRead, async (event) => {
      this.server.to(userRoom(event.payload.userId)).emit(SocketEvents.notificationsRead, {});
    });
    await on('gateway.deliver-message-when-sent', Events.messaging.messageSent, async (event) => {
      const { message, recipientId } = event.payload;
      if (!(await this.stillOpen(message.senderId, message.matchId, recipientId))) return;
      this.server.to([userRoom(message.senderId), userRoom(recipientId)]).emit(SocketEvents.newMessage, { message: toMessageView(message) });
    });
    await on('gateway.tell-sender-when-messages-read', Events.messaging.messagesRead, async (event) => {
      const { matchId, userId, senderId, readAt } = event.payload;
      // not from a member who hides their presence: it would say they are online now
      if (!(await this.chat.showsPresence(userId))) return;
      this.server.to(userRoom(senderId)).emit(SocketEvents.messageRead, { matchId, userId, readAt });
    });
    await on('gateway.tell-members-presence-when-matched', Events.discovery.matchCreated, async (event) => {
      const { matchId, userIds } = event.payload;
      const [a, b] = userIds;
      // each member hears whether the other is online (and shows it) now, as a socket connecting
      // hears of its matches; not for a match already ended (its end may have been handled first)
      const stands = async () => (await this.ctx.rpc.send(Rpc.discovery.listMatches, { userId: a })).some((m) => m.id === matchId);
      // a connecting socket reads its member's matches from messaging's conversations, which
      // messaging opens on this same event: the presence is read once the conversation is open, so
      // a socket that connects meanwhile is told of by one path or the other (it reads the
      // conversation, or this reads its presence). Not open while the match stands: the event comes
      // again (backoff); ended meanwhile (or a member left): nothing to tell
      if (!(await this.ctx.rpc.send(Rpc.messaging.partnerIn, { userId: a, matchId })).partnerId) {
        if (await stands()) throw new Error(`the conversation of match ${matchId} is not open yet`);
        return;
      }
      const online = await this.presence.visiblyOnline(userIds);
      if (!online.size) return;
      if (!(await stands())) return;
      const told: [string, string][] = [];
      if (online.has(b)) told.push([a, b]);
      if (online.has(a)) told.push([b, a]);
      for (const [member, other] of told) this.server.to(userRoom(member)).emit(SocketEvents.userOnline, { userId: other });
      // the match read again once told: an end (unmatch, block) committed after the read above may
      // have been told first (its user_offline before this user_online), leaving each seeing the
      // other online after it; read after, the end is seen here, or its own telling comes later
      // (a read that fails is taken as the match gone, as partnersGone does)
      const standsStill = await stands().catch((error: Error) => {
        this.logger.warn(`reading a new match again after telling its presence failed: ${error.message}; both hear offline`);
        return false;
      });
      if (!standsStill) for (const [member, other] of told) this.server.to(userRoom(member)).emit(SocketEvents.userOffline, { userId: other });
    });
    // the settings' controller applies showOnline before it answers; this applies a change made on
    // any other path (or whose applying failed), as the settings say now (a later change may have
    // been applied before this event arrived)
    await on('gateway.apply-show-online-when-settings-changed', Events.profiles.settingsChanged, async (event) => {
      const { userId } = event.payload;
      const settings = await this.ctx.rpc.send(Rpc.profiles.getSettings, { userId });
      await this.showOnline(userId, settings.privacy.showOnline);
    });
    await on('gateway.tell-members-when-match-ended', Events.discovery.matchEnded, async (event) => {
      const { matchId, userIds, reason, endedBy } = event.payload;
      // the conversation is closed first (safe to repeat: the end's own answer closes it too, and
      // may still be on its way): a presence told after this telling then reads the pair as partners
      // no more, never online after the end (messaging down does not hold the telling back for long).
      // Not a deleted account's: its conversations go with it, and closing would keep a room naming it
      if (reason !== 'account_deleted') {
        await within(this.ctx.rpc.send(Rpc.messaging.endConversation, { matchId, userIds }), ServerLimits.matchEndCloseWaitMs).catch((error: Error) =>
          this.logger.warn(`closing the conversation of an ended match before telling it failed: ${error.message}`),
        );
      }
      // who ended it hears it was them: their own tabs go back to their list without 'no longer
      // available'. The other member hears only which match is gone: an unmatch, a block and a
      // deleted account all look the same to them (a blocked member is never told of the block)
      const others = userIds.filter((id) => id !== endedBy);
      if (endedBy && others.length < userIds.length) this.server.to(userRoom(endedBy)).emit(SocketEvents.matchEnded, { matchId, endedBy });
      this.server.to(others.map(userRoom)).emit(SocketEvents.matchEnded, { matchId });
      // neither sees the other's presence any more (a blocker hears it once, from the block below)
      for (const [member, other] of [userIds, [userIds[1], userIds[0]]]) {
        if (!(reason === 'block' && member === endedBy)) this.server.to(userRoom(member)).emit(SocketEvents.userOffline, { userId: other });
      }
    });
    // only the blocker hears of it (once, matched or not: the match's end above leaves it to this):
    // the blocked member hears what an unmatch tells (the match's end above), or nothing at all
    // from someone they never matched: never who blocked them, or when
    await on('gateway.hide-presence-when-blocked', Events.discovery.memberBlocked, async (event) => {
      const { blockerId, blockedId } = event.payload;
      this.server.to(userRoom(blockerId)).emit(SocketEvents.userOffline, { userId: blockedId });
    });
    // a ban or suspension ends the member's sessions (and so their sockets) once more, heard
    // durably: the moderator's call ends them at once, but may fail after the decision was made,
    // or race a sign-in that passed its standing check just before
    await on('gateway.end-sessions-when-account-restricted', Events.identity.accountRestricted, async (event) => {
      const { accountId, restriction } = event.payload;
      if (restriction.kind === 'suspended' && Date.parse(restriction.until) <= Date.now()) return;
      await this.sessions.revokeAll(accountId);
    });
    // a deleted account's sessions end here too, durably: the DELETE ends them only after identity
    // deleted the account, and its retry after a failure there finds no account (404); its chat
    // attachments go (its photos and documents go with its profile, in the profiles service)
    await on('gateway.delete-objects-when-account-deleted', Events.identity.accountDeleted, async (event) => {
      const { accountId } = event.payload;
      await this.sessions.revokeAll(accountId);
      await this.ctx.storage.deletePrefix(attachmentPrefix(accountId));
    });
    // what partners sent into a deleted account's conversations: no conversation holds it any more
    await on('gateway.delete-objects-when-attachments-forgotten', Events.messaging.attachmentsForgotten, async (event) => {
      for (const key of event.payload.keys) {
        if (attachmentKeyFrom(key)?.key !== key) continue; // (only attachment keys: the event names nothing else)
        await this.ctx.storage.delete(key);
        await this.ctx.storage.delete(checkedAttachmentKey(key));
      }
    });
    for (const subject of [Events.profiles.verificationApproved, Events.profiles.verificationRejected]) {
      await on(`gateway.tell-member-when-verification-${subject.split('.').at(-1)}`, subject, async (event) => {
        this.server.to(userRoom(event.payload.userId)).emit(SocketEvents.verificationReviewed, {});
      });
    }
    await on('gateway.delete-document-when-verification-reviewed', Events.profiles.verificationApproved, (event) => this.deleteReviewedDocument(event));
    await on('gateway.delete-document-when-verification-rejected', Events.profiles.verificationRejected, (event) => this.deleteReviewedDocument(event));
    const period = Math.max(1, Math.floor(this.ctx.settings.presenceTtlSeconds / 3)) * 1000;
    // (only sockets still open: a mark is never kept alive for one gone unseen)
    const open = () => [...this.local.values()].filter((entry) => this.server.sockets.sockets.get(entry.socketId)?.connected);
    this.heartbeat = setInterval(() => void this.presence.refresh(open()).catch((e: Error) => this.logger.warn(`presence refresh failed: ${e.message}`)), period);
    this.heartbeat.unref();
    this.logger.log('pushing notifications, messages and presence to sockets');
  }

  /** a decided employment document leaves storage (the privacy policy: only the decision and its date stay) */
  private async deleteReviewedDocument(event: DomainEvent<typeof Events.profiles.verificationApproved | typeof Events.profiles.verificationRejected>) {
    const { objectKey } = event.payload;
    if (objectKey) await this.ctx.storage.delete(objectKey);
  }

  /** before the sockets close: this gateway's members are offline at once (others' sockets keep theirs) */
  async onModuleDestroy() {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const { userId, socketId } of this.local.values()) await this.presence.disconnect(userId, socketId).catch(() => undefined);
  }

  async onApplicationShutdown() {
    await Promise.all(this.subscriptions.map((s) => s.stop()));
  }
}
