import { ErrorCodes, Events, Limits, type ListNotificationsRequest, type MarkNotificationReadRequest, notFound, type NotificationType, type NotificationView } from '@aero/contracts';
import { DomainEvents } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MemberDirectoryRepository } from './member-directory.repository.js';
import { toNotificationView } from './notification.mapper.js';
import { NotificationRepository } from './notification.repository.js';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, string>;
  /** stored without the event that pushes it (live and web push): the member's list changed, nothing to alert */
  quiet?: boolean;
  /** stored read (what it says is known already) */
  read?: boolean;
}

@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly directory: MemberDirectoryRepository,
    private readonly events: DomainEvents,
  ) {}

  /** the latest page, newest first; `before` (one of the user's own) pages further back */
  async list({ userId, before }: ListNotificationsRequest): Promise<NotificationView[]> {
    const page = await this.notifications.listForUser(userId, Limits.notificationsPageSize, before);
    if (!page) throw notFound('Notification not found', ErrorCodes.notificationNotFound);
    return page.map(toNotificationView);
  }

  async unreadCount({ userId }: ListNotificationsRequest): Promise<{ count: number }> {
    return { count: await this.notifications.unreadCount(userId) };
  }

  async markRead({ userId, notificationId }: MarkNotificationReadRequest): Promise<{ read: true }> {
    if (!(await this.notifications.markRead(userId, notificationId))) throw notFound('Notification not found', ErrorCodes.notificationNotFound);
    return { read: true };
  }

  /** marks the reader's notifications of `senderId`'s messages in the match, and of the match, read (the conversation was read), and tells the reader */
  async markConversationRead({ userId, senderId, matchId }: { userId: string; senderId: string; matchId: string }): Promise<void> {
    if (await this.notifications.markConversationRead(userId, senderId, matchId)) await this.events.emit(Events.notifications.notificationsRead, { userId });
  }

  /** marks what each member was told of a match read (they wrote into it, or opened its conversation: they know of it), and tells them */
  async markMatchesSeen(members: ReadonlyArray<{ userId: string; fromUserId: string; matchId: string }>): Promise<void> {
    const changed = await this.notifications.markMatchesRead(members);
    if (changed.length) await this.events.emitMany(Events.notifications.notificationsRead, changed.map((userId) => ({ payload: { userId } })));
  }

  /** holds the pairs' lock that orders likes, matches, messages, the matches' ends and blocks (NotificationRepository.lockPairs) */
  lockPairs(pairs: ReadonlyArray<readonly [string, string]>) {
    return this.notifications.lockPairs(pairs);
  }

  /** for each (user, from) pair, whether the user was told of a match with `from` */
  toldOfMatch(pairs: ReadonlyArray<readonly [string, string]>) {
    return this.notifications.toldOfMatch(pairs);
  }

  /** for each (member, other) pair, whether the member knows of the match `matchId` already (wrote into it, or read the other's messages in it) */
  knowOfMatch(matchId: string, pairs: ReadonlyArray<readonly [string, string]>) {
    return this.notifications.knowOfMatch(matchId, pairs);
  }

  /** a match: what each was told of the other's likes is read (the match supersedes it), and each is told */
  async markLikesOfMatchRead(userIds: readonly [string, string]): Promise<void> {
    for (const [userId, fromUserId] of [userIds, [userIds[1], userIds[0]]]) {
      if (await this.notifications.markLikesRead(userId, fromUserId)) await this.events.emit(Events.notifications.notificationsRead, { userId });
    }
  }

  /** removes what members were told about `senderId` (their likes, matches, messages), and tells those members */
  async removeFrom(senderId: string): Promise<void> {
    await this.removed(await this.notifications.deleteFrom(senderId));
  }

  /** removes what each of the two was told about the other (a block), and tells them */
  async removeBetween(a: string, b: string): Promise<void> {
    await this.removed(await this.notifications.deleteBetween(a, b));
  }

  /** removes what each of a match's pair was told about it (the match, its messages, the likes that led to it: it ended), and tells them */
  async removeOfMatch(matchId: string, userIds: readonly [string, string]): Promise<void> {
    await this.removed(await this.notifications.deleteOfMatch(matchId, userIds));
  }

  /** removes what `userId` was told of `fromUserId`'s like (taken back by undo), and tells them */
  async removeLike(userId: string, fromUserId: string): Promise<void> {
    await this.removed(await this.notifications.deleteLike(userId, fromUserId));
  }

  /** gives the user's notification another text, quietly (nothing to alert), and tells them their list changed */
  async rewrite(userId: string, notificationId: string, text: { title: string; message: string }): Promise<void> {
    if (await this.notifications.rewrite(userId, notificationId, text)) await this.removed([userId]);
  }

  /** members whose notifications were removed (or one stored quietly, or rewritten): their lists and counts changed (the gateway tells their open tabs) */
  private async removed(userIds: string[]) {
    if (userIds.length) await this.events.emit(Events.notifications.notificationsRemoved, { userIds });
  }

  /**
   * Stores a notification and, in the same transaction, the event the gateway pushes to the user;
   * nothing about a member the user blocked or was blocked by, nothing for or about a member who
   * left, nothing about a match that ended (null then).
   */
  async create(input: NewNotification): Promise<NotificationView | null> {
    const [view] = await this.createMany([input]);
    return view ?? null;
  }

  /**
   * `create` for each input in turn (the same rows and events, in order; null where it makes
   * none), in five statements for all: for set-based event handlers. Each event carries the
   * request id given with its input (else the current one).
   */
  async createMany(inputs: ReadonlyArray<NewNotification & { requestId?: string }>): Promise<Array<NotificationView | null>> {
    const pairs = inputs.flatMap((input) => {
      const from = input.data?.fromUserId;
      return from && from !== input.userId ? [[input.userId, from] as const] : [];
    });
    const members = inputs.flatMap((input) => [input.userId, ...(input.data?.fromUserId ? [input.data.fromUserId] : [])]);
    await this.directory.lockMembers(members, 'shared');
    const blockedList = await this.directory.blockedPairs(pairs);
    const blocked = new Set(pairs.filter((_, i) => blockedList[i]).map(([user, from]) => `${user}:${from}`));
    const departed = await this.directory.departed(members);
    const ended = await this.directory.endedMatches(inputs.flatMap((input) => (input.data?.matchId ? [input.data.matchId] : [])));
    const kept = inputs.filter((input) => {
      const from = input.data?.fromUserId;
      if (departed.has(input.userId) || (from && departed.has(from))) return false;
      if (input.data?.matchId && ended.has(input.data.matchId)) return false;
      return !(from && (from === input.userId || blocked.has(`${input.userId}:${from}`)));
    });
    const saved = await this.notifications.insertMany(kept.map(({ requestId: _, quiet: __, ...input }) => ({ id: randomUUID(), data: {}, ...input })));
    const views = new Map(kept.map((input, i) => [input, toNotificationView(saved[i]!)]));
    await this.events.emitMany(
      Events.notifications.notificationCreated,
      kept.filter((input) => !input.quiet).map((input) => ({ payload: { userId: input.userId, notification: views.get(input)! }, requestId: input.requestId })),
    );
    await this.removed([...new Set(kept.filter((input) => input.quiet).map((input) => input.userId))]);
    return inputs.map((input) => views.get(input) ?? null);
  }
}
