import { buildServiceModule, type DomainEvent, InProcessBroker, InProcessRpcClient, openInfrastructure, type Infrastructure, UnitOfWork, withRequestId } from '@aero/common';
import { loadSettings } from '@aero/config';
import { Events, Limits, type NotificationView, type Restriction } from '@aero/contracts';
import type { EventEnvelope, SubscribeOptions } from '@aero/event-bus';
import { createTestDatabase, deleteRedisKeys, eventually, natsUrl, redisUrl, type TestDatabase, uniqueName } from '@aero/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ForgetMatchWhenMatchEndedHandler } from '../src/events/forget-match-when-match-ended.handler.js';
import { NotifyMemberWhenLikedHandler } from '../src/events/notify-member-when-liked.handler.js';
import { NotifyMembersWhenMatchedHandler } from '../src/events/notify-members-when-matched.handler.js';
import { NotifyRecipientWhenMessageSentHandler } from '../src/events/notify-recipient-when-message-sent.handler.js';
import { ForgetLikesOfEndedMatches1766300000000 } from '../src/migrations/1766300000000-forget-likes-of-ended-matches.js';
import { MemberDirectoryRepository } from '../src/notifications/member-directory.repository.js';
import { NotificationsService } from '../src/notifications/notifications.service.js';
import { notificationsService } from '../src/notifications.service-definition.js';

type Like = DomainEvent<typeof Events.discovery.likeCreated>;
type MessageSent = DomainEvent<typeof Events.messaging.messageSent>;

const envelope = <T>(subject: string, payload: T, requestId = `req-${randomUUID().slice(0, 8)}`) => ({ id: randomUUID(), subject, schemaVersion: 1, occurredAt: new Date().toISOString(), payload, requestId });
const like = (fromUserId: string, toUserId: string, fromFirstName: string | null, isSuper = false) => envelope(Events.discovery.likeCreated, { fromUserId, toUserId, isSuper, fromFirstName }) as Like;
const withdrawn = (fromUserId: string, toUserId: string) => envelope(Events.discovery.likeWithdrawn, { fromUserId, toUserId }) as DomainEvent<typeof Events.discovery.likeWithdrawn>;
const messagesRead = (userId: string, senderId: string, matchId: string) => envelope(Events.messaging.messagesRead, { userId, senderId, matchId, readAt: new Date().toISOString() }) as DomainEvent<typeof Events.messaging.messagesRead>;
const conversationOpened = (userId: string, otherUserId: string, matchId: string) =>
  envelope(Events.messaging.conversationOpened, { userId, otherUserId, matchId }) as DomainEvent<typeof Events.messaging.conversationOpened>;
const messageSent = (senderId: string, recipientId: string, content: string, matchId = randomUUID()) =>
  envelope(Events.messaging.messageSent, {
    recipientId,
    message: { id: randomUUID(), matchId, senderId, content, messageType: 'text' as const, attachmentKey: null, attachmentDuration: null, attachmentWidth: null, attachmentHeight: null, createdAt: new Date().toISOString(), readAt: null },
  }) as MessageSent;

interface Emitted {
  request_id: string | null;
  payload: { userId: string; notification: NotificationView };
}

/**
 * The notifications service's set-based consumers (handleMany) in both runtime modes: a batch of
 * likes or messages gives exactly the rows, events (the web push and the socket push follow them)
 * and request ids that handling each event in turn gives; a batch failing mid-way is redone event
 * by event, and nothing is lost or doubled.
 */
describe.each(['single-node', 'distributed'] as const)('notifications in batches (%s)', (mode) => {
  let db: TestDatabase;
  let infra: Infrastructure;
  let app: INestApplicationContext;
  let dataDir: string;
  let redis: { url: string; prefix: string } | undefined;
  const batches: string[][] = [];
  /** the subscriptions the service made, by consumer (their handleBatch is the inbox's, as the bus calls it) */
  const subscriptions = new Map<string, SubscribeOptions>();

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'aero-notifications-'));
    redis = mode === 'distributed' ? { url: await redisUrl(), prefix: `${uniqueName('aero-test')}:` } : undefined;
    const distributed = redis
      ? { NATS_URL: await natsUrl(), REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix, EVENTS_STREAM: uniqueName('NB').toUpperCase(), EVENTS_PREFIX: uniqueName('nb') }
      : {};
    const settings = loadSettings({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...distributed });
    infra = await openInfrastructure(settings, { name: 'notifications-batch-test', services: ['notifications'] });
    const runtime = infra.runtimeFor('notifications', new InProcessRpcClient(new InProcessBroker()));
    const bus = runtime.bus;
    const capturing = {
      publish: (events: EventEnvelope[]) => bus.publish(events),
      subscribe: async (options: SubscribeOptions) => {
        subscriptions.set(options.consumer, options);
        return bus.subscribe(options);
      },
      close: () => bus.close(),
    };
    app = await NestFactory.createApplicationContext(await buildServiceModule(notificationsService, { ...runtime, bus: capturing }), {
      logger: false,
      abortOnError: false,
    });
    // records what each set-based call was handed (the subscription calls the instance's method)
    for (const type of [NotifyMemberWhenLikedHandler, NotifyRecipientWhenMessageSentHandler]) {
      const handler = app.get<NotifyMemberWhenLikedHandler | NotifyRecipientWhenMessageSentHandler>(type);
      const handleMany = handler.handleMany.bind(handler) as (events: DomainEvent[]) => Promise<void>;
      (handler as { handleMany: (events: DomainEvent[]) => Promise<void> }).handleMany = async (events) => {
        batches.push(events.map((e) => e.id));
        await handleMany(events);
      };
    }
  });

  afterAll(async () => {
    await app?.close();
    if (mode === 'distributed') await (infra?.bus as unknown as { deleteStream?: () => Promise<void> }).deleteStream?.();
    await infra?.close();
    if (redis) await deleteRedisKeys(redis.url, redis.prefix);
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => app.get(DataSource).query(sql, params);
  const uow = () => app.get(UnitOfWork);
  const block = (a: string, b: string) => uow().run(() => app.get(MemberDirectoryRepository).block(a, b, new Date()));
  /** the notificationCreated events emitted for `userId`, in outbox order */
  const emitted = (userId: string) =>
    query<Emitted>(`SELECT request_id, payload FROM notifications.outbox WHERE subject = $1 AND payload->>'userId' = $2 ORDER BY seq`, [Events.notifications.notificationCreated, userId]);
  const rows = (userId: string) => query<Record<string, unknown>>(`SELECT * FROM notifications.notifications WHERE user_id = $1 ORDER BY created_at, id`, [userId]);

  /** publishes `list` on the bus and waits until the service has handled every event of it */
  const handled = async (list: EventEnvelope[]) => {
    await infra.bus.publish(list);
    await eventually(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = ANY($1::uuid[])`, [list.map((e) => e.id)]))[0]!.n === list.length, 15_000, 'the events handled');
  };

  /** what a member was told, its ids and the member's own id left out (to compare two members) */
  async function told(userId: string) {
    const events = await emitted(userId);
    const stored = await rows(userId);
    // every event is of a stored row, as that row is
    expect(events.map((e) => e.payload.notification.id).sort()).toEqual(stored.map((r) => r.id).sort());
    for (const e of events) {
      const row = stored.find((r) => r.id === e.payload.notification.id)!;
      expect(e.payload.notification).toEqual({ id: row.id, type: row.type, title: row.title, message: row.message, read: row.read, createdAt: (row.created_at as Date).toISOString(), data: row.data });
    }
    return events.map(({ request_id, payload: { notification: { id: _, createdAt: __, ...rest } } }) => ({ request_id, ...rest }));
  }

  /** the same likes and messages, sent to `to` from the same members (by role); one blocked `to` */
  const events = (to: string, senders: { ana: string; ben: string; blocked: string }) => [
    like(senders.ana, to, 'Ana'),
    like(senders.ben, to, 'Ben', true),
    like(to, to, 'Self'),
    like(senders.blocked, to, 'Cleo'),
    like(randomUUID(), to, null),
    like(senders.ana, to, 'Ana'),
  ];
  /** the request ids of the events, by position, the same for both members (to compare them) */
  const sameRequestIds = (a: EventEnvelope[], b: EventEnvelope[]) => b.forEach((e, i) => (e.requestId = a[i]!.requestId));

  it('a batch of likes gives the notifications, events and request ids that handling each like in turn gives', async () => {
    const [first, second, ana, ben, blocked] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await block(first, blocked);
    await block(blocked, second);
    const one = events(first, { ana, ben, blocked });
    const many = events(second, { ana, ben, blocked });
    sameRequestIds(one, many);
    const handler = app.get(NotifyMemberWhenLikedHandler);
    await uow().run(async () => {
      for (const event of one) await withRequestId(event.requestId, () => handler.handle(event));
    });
    await uow().run(() => handler.handleMany(many));

    const expected = [
      { type: 'like', title: 'Ana liked you', message: 'Swipe right on Ana to match.', data: { fromUserId: ana } },
      { type: 'super_like', title: 'Ben super liked you', message: 'Ben really wants to meet you. Swipe right to match.', data: { fromUserId: ben } },
      { type: 'like', title: 'Someone liked you', data: { fromUserId: many[4]!.payload.fromUserId } },
      { type: 'like', title: 'Ana liked you', data: { fromUserId: ana } },
    ];
    const requestIds = [0, 1, 4, 5].map((i) => many[i]!.requestId);
    const batched = await told(second);
    expect(batched).toMatchObject(expected.map((n, i) => ({ ...n, read: false, request_id: requestIds[i] })));
    const perEvent = await told(first);
    perEvent[2]!.data.fromUserId = many[4]!.payload.fromUserId; // the one stranger differs by id
    expect(batched).toEqual(perEvent);
  });

  it('a like withdrawn in a batch takes its notification back in its place, and says the list changed; made again, it is stored without a second alert', async () => {
    const [member, ana, ben] = [randomUUID(), randomUUID(), randomUUID()];
    await uow().run(() => app.get(NotifyMemberWhenLikedHandler).handleMany([like(ana, member, 'Ana', true), like(ben, member, 'Ben'), withdrawn(ana, member), like(ana, member, 'Ana')]));
    expect((await rows(member)).map((r) => r.title).sort()).toEqual(['Ana liked you', 'Ben liked you']);
    expect((await emitted(member)).map((e) => e.payload.notification.title)).toEqual(['Ana super liked you', 'Ben liked you']);
    // the withdrawal, then the quiet one: the member's open tabs fetch the list again
    const removed = await query<{ payload: { userIds: string[] } }>(`SELECT payload FROM notifications.outbox WHERE subject = $1 AND payload->'userIds' ? $2`, [Events.notifications.notificationsRemoved, member]);
    expect(removed.map((r) => r.payload)).toEqual([{ userIds: [member] }, { userIds: [member] }]);
  });

  it('a like delivered again after its withdrawal (a retry, a replayed dead letter) tells nothing; a like made after the withdrawal is kept', async () => {
    const [member, ana] = [randomUUID(), randomUUID()];
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const before = like(ana, member, 'Ana', true);
    await tick();
    const withdrawal = withdrawn(ana, member);
    await tick();
    const after = like(ana, member, 'Ana');
    const handler = app.get(NotifyMemberWhenLikedHandler);
    await uow().run(() => handler.handleMany([withdrawal]));
    await uow().run(() => handler.handleMany([before]));
    await uow().run(() => withRequestId(before.requestId, () => handler.handle(before)));
    expect(await rows(member)).toEqual([]);
    await uow().run(() => withRequestId(after.requestId, () => handler.handle(after)));
    expect((await rows(member)).map((r) => r.title)).toEqual(['Ana liked you']);
  });

  it("lists a batch's notifications newest first in the order of their events, and pages through them (they share the transaction's time)", async () => {
    const member = randomUUID();
    const count = Limits.notificationsPageSize + 5;
    const list = Array.from({ length: count }, (_, i) => messageSent(randomUUID(), member, `m${i + 1}`));
    await uow().run(async () => {
      // per event and set-based, in one transaction
      for (const event of list.slice(0, 3)) await withRequestId(event.requestId, () => app.get(NotifyRecipientWhenMessageSentHandler).handle(event));
      await app.get(NotifyRecipientWhenMessageSentHandler).handleMany(list.slice(3));
    });
    const service = app.get(NotificationsService);
    const first = await service.list({ userId: member });
    const rest = await service.list({ userId: member, before: first.at(-1)!.id });
    const newestFirst = list.map((e) => e.payload.message.content).reverse();
    expect(first.map((n) => n.message)).toEqual(newestFirst.slice(0, Limits.notificationsPageSize));
    expect(rest.map((n) => n.message)).toEqual(newestFirst.slice(Limits.notificationsPageSize));
  });

  it('a batch of messages gives what handling each message in turn gives, with the senders’ names', async () => {
    const [first, second, ana, unnamed] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await uow().run(() => app.get(MemberDirectoryRepository).saveName(ana, 'Ana', 1));
    const list = (to: string) => [messageSent(ana, to, 'hi'), messageSent(unnamed, to, 'x'.repeat(100)), messageSent(ana, to, 'there')];
    const [one, many] = [list(first), list(second)];
    sameRequestIds(one, many);
    many.forEach((e, i) => (e.payload.message.matchId = one[i]!.payload.message.matchId));
    const handler = app.get(NotifyRecipientWhenMessageSentHandler);
    await uow().run(async () => {
      for (const event of one) await withRequestId(event.requestId, () => handler.handle(event));
    });
    await uow().run(() => handler.handleMany(many));

    const batched = await told(second);
    expect(batched.map((n) => [n.title, n.message])).toEqual([
      ['New message from Ana', 'hi'],
      ['New message from your match', `${'x'.repeat(79)}…`],
      ['New message from Ana', 'there'],
    ]);
    expect(batched).toEqual(await told(first));
  });

  it('through the bus, a batch with a self-like and a duplicate event goes to handleMany once per event, and each notification is made once', async () => {
    const [member, ana, ben, blocked] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await block(member, blocked);
    const list = events(member, { ana, ben, blocked });
    batches.length = 0;
    await infra.bus.publish([...list.slice(0, 3), list[0]!, ...list.slice(3)]); // the first like twice in the batch
    await eventually(async () => (await emitted(member)).length === 4, 15_000, 'four notifications');

    // handed to handleMany (JetStream may hand the first on its own to handle) in order and each once
    const ids = list.map((e) => e.id);
    const handedMany = batches.flat().filter((id) => ids.includes(id));
    expect(handedMany).toEqual(ids.slice(ids.length - handedMany.length));
    expect(handedMany.length).toBeGreaterThanOrEqual(ids.length - 1);
    const notes = await told(member);
    expect(notes.map((n) => [n.title, n.request_id])).toEqual([
      ['Ana liked you', list[0]!.requestId],
      ['Ben super liked you', list[1]!.requestId],
      ['Someone liked you', list[4]!.requestId],
      ['Ana liked you', list[5]!.requestId],
    ]);
    expect(await query(`SELECT count(*)::int AS n FROM notifications.inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])`, ['notifications.notify-member-when-liked', list.map((e) => e.id)])).toEqual([{ n: 6 }]);
  });

  it('a member who left (account deleted, or banned) is named by nothing a late event brings (no notification, name, block, withdrawn like, ended or opened match); a suspended one still is', async () => {
    const [deleted, banned, suspended, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    /** publishes the events and waits until notifications has handled each */
    const delivered = async (list: EventEnvelope[]) => {
      await infra.bus.publish(list);
      const ids = list.map((e) => e.id);
      await eventually(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = ANY($1::uuid[])`, [ids]))[0]!.n === ids.length, 15_000, 'the events handled');
    };
    const restricted = (accountId: string, restriction: Restriction) => envelope(Events.identity.accountRestricted, { accountId, revision: 5, restriction });
    await delivered([
      envelope(Events.identity.accountDeleted, { accountId: deleted, revision: 5 }),
      restricted(banned, { kind: 'banned', until: null }),
      restricted(suspended, { kind: 'suspended', until: new Date(Date.now() + 86_400_000).toISOString() }),
    ]);
    // later events of theirs, heard by other consumers (no order among consumers)
    const profileOf = (userId: string, firstName: string) => envelope(Events.profiles.profileUpdated, { userId, revision: 9, profile: { firstName }, matching: {} });
    const matched = (a: string, b: string) => envelope(Events.discovery.matchCreated, { matchId: randomUUID(), userIds: [a, b], firstNames: { [a]: 'Gone', [b]: 'Olga' } });
    await delivered([
      profileOf(deleted, 'Dana'),
      profileOf(banned, 'Bart'),
      matched(deleted, other),
      matched(banned, other),
      like(deleted, other, 'Dana'),
      like(other, deleted, 'Olga'),
      like(banned, other, 'Bart'),
      messageSent(deleted, other, 'still here'),
      messageSent(other, banned, 'hello?'),
      like(suspended, other, 'Sue'),
      // what is kept about a pair (a block, a withdrawn like, an ended match) names neither of them
      envelope(Events.discovery.memberBlocked, { blockerId: other, blockedId: deleted }),
      envelope(Events.discovery.memberBlocked, { blockerId: banned, blockedId: other }),
      withdrawn(other, deleted),
      withdrawn(banned, other),
      envelope(Events.discovery.matchEnded, { matchId: randomUUID(), userIds: [other, deleted], reason: 'unmatch' }),
      envelope(Events.discovery.matchEnded, { matchId: randomUUID(), userIds: [banned, other], reason: 'block' }),
      conversationOpened(other, deleted, randomUUID()),
      conversationOpened(banned, other, randomUUID()),
    ]);
    for (const member of [deleted, banned]) {
      expect(await query(`SELECT id FROM notifications.notifications WHERE user_id = $1 OR data->>'fromUserId' = $2`, [member, member])).toEqual([]);
      expect(await emitted(member)).toEqual([]);
    }
    expect(await query(`SELECT user_id FROM notifications.member_names WHERE user_id = ANY($1::uuid[])`, [[deleted, banned]])).toEqual([]);
    for (const table of ['blocked_pairs', 'ended_matches']) expect(await query(`SELECT * FROM notifications.${table} WHERE user_low = ANY($1::uuid[]) OR user_high = ANY($1::uuid[])`, [[deleted, banned]])).toEqual([]);
    expect(await query(`SELECT * FROM notifications.withdrawn_likes WHERE user_id = ANY($1::uuid[]) OR from_user_id = ANY($1::uuid[])`, [[deleted, banned]])).toEqual([]);
    expect(await query(`SELECT * FROM notifications.opened_matches WHERE user_id = ANY($1::uuid[]) OR other_user_id = ANY($1::uuid[])`, [[deleted, banned]])).toEqual([]);
    // a suspension ends by itself: what it brings later is stored
    expect((await told(other)).map((n) => n.title)).toEqual(['Sue liked you']);
  });

  it("a like heard after its pair's match is stored read and quietly (the match says it all); one heard before is read by the match", async () => {
    const [ana, ben, cleo, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const matched = (a: string, b: string) => envelope(Events.discovery.matchCreated, { matchId: randomUUID(), userIds: [a, b], firstNames: { [a]: 'A', [b]: 'B' } });
    // Ana and Ben: the match first, Ana's like of Ben after it; Cleo and Dan: the like first
    await handled([matched(ana, ben), like(cleo, dan, 'Cleo')]);
    await handled([like(ana, ben, 'Ana'), matched(cleo, dan)]);
    for (const member of [ben, dan]) {
      const likes = (await rows(member)).filter((r) => r.type === 'like');
      expect(likes.map((r) => r.read)).toEqual([true]);
    }
    // Ben was not alerted of Ana's like (no live or web push for it)
    expect((await emitted(ben)).map((e) => e.payload.notification.type)).toEqual(['match']);
  });

  it('a match heard after a message of it is stored read and quietly for the member who wrote, and for one who read it; told to one who did neither', async () => {
    const [ana, ben, cleo, dan, matchId, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // Ana wrote at once, and Ben read it, before their match was heard here (its event comes by
    // another way than the messages'); Cleo wrote too, Dan has not read it
    await handled([messageSent(ana, ben, 'Hi Ben', matchId), messageSent(cleo, dan, 'Hi Dan', other)]);
    await handled([messagesRead(ben, ana, matchId)]);
    await handled([
      envelope(Events.discovery.matchCreated, { matchId, userIds: [ana, ben], firstNames: { [ana]: 'Ana', [ben]: 'Ben' } }),
      envelope(Events.discovery.matchCreated, { matchId: other, userIds: [cleo, dan], firstNames: { [cleo]: 'Cleo', [dan]: 'Dan' } }),
    ]);
    const match = async (member: string) => (await rows(member)).filter((r) => r.type === 'match').map((r) => ({ read: r.read, data: r.data }));
    expect(await match(ana)).toEqual([{ read: true, data: { matchId, fromUserId: ben } }]);
    expect(await match(ben)).toEqual([{ read: true, data: { matchId, fromUserId: ana } }]);
    expect(await match(cleo)).toEqual([{ read: true, data: { matchId: other, fromUserId: dan } }]);
    expect(await match(dan)).toEqual([{ read: false, data: { matchId: other, fromUserId: cleo } }]);
    // only Dan is alerted of his match (and of the message he has not read)
    for (const member of [ana, cleo]) expect((await emitted(member)).map((e) => e.payload.notification.type)).toEqual([]);
    expect((await emitted(ben)).map((e) => e.payload.notification.type)).toEqual(['message']);
    expect((await emitted(dan)).map((e) => [e.payload.notification.type, e.payload.notification.read])).toEqual([
      ['message', false],
      ['match', false],
    ]);
  });

  it("a member who opens a new match's empty conversation has seen the match, not a message that came with it; one by one as in a batch", async () => {
    const [kai, lia, mo, nia, matchId, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const opened = conversationOpened;
    await handled([
      envelope(Events.discovery.matchCreated, { matchId, userIds: [kai, lia], firstNames: { [kai]: 'Kai', [lia]: 'Lia' } }),
      envelope(Events.discovery.matchCreated, { matchId: other, userIds: [mo, nia], firstNames: { [mo]: 'Mo', [nia]: 'Nia' } }),
    ]);
    // Lia's first message was stored just before Kai's open found the conversation empty
    const handler = app.get(NotifyRecipientWhenMessageSentHandler);
    await uow().run(() => handler.handleMany([messageSent(lia, kai, 'Hi Kai', matchId), opened(kai, lia, matchId)]));
    await uow().run(async () => {
      for (const event of [messageSent(nia, mo, 'Hi Mo', other), opened(mo, nia, other)]) await withRequestId(event.requestId, () => handler.handle(event));
    });
    for (const member of [kai, mo]) {
      expect((await rows(member)).map((r) => [r.type, r.read])).toEqual([
        ['match', true],
        ['message', false],
      ]);
    }
    // the writers' own match is read by their writing, as before
    for (const member of [lia, nia]) expect((await rows(member)).map((r) => [r.type, r.read])).toEqual([['match', true]]);
  });

  it("a match heard after its empty conversation was opened is stored read and quietly for the one who opened it, told to the other; the opening is kept only until then", async () => {
    const [kai, lia, matchId] = [randomUUID(), randomUUID(), randomUUID()];
    const openings = (match: string) => query<{ user_id: string }>(`SELECT user_id FROM notifications.opened_matches WHERE match_id = $1`, [match]);
    // Kai opened the conversation from the match list before the match was heard here (its event
    // comes by another consumer than the opening's), and again (a replay)
    await handled([conversationOpened(kai, lia, matchId)]);
    await handled([conversationOpened(kai, lia, matchId)]);
    expect(await openings(matchId)).toEqual([{ user_id: kai }]);
    await handled([envelope(Events.discovery.matchCreated, { matchId, userIds: [kai, lia], firstNames: { [kai]: 'Kai', [lia]: 'Lia' } })]);
    const match = async (member: string) => (await rows(member)).map((r) => [r.type, r.read, r.data]);
    expect(await match(kai)).toEqual([['match', true, { matchId, fromUserId: lia }]]);
    expect(await match(lia)).toEqual([['match', false, { matchId, fromUserId: kai }]]);
    // only Lia is alerted
    expect(await emitted(kai)).toEqual([]);
    expect((await emitted(lia)).map((e) => e.payload.notification.type)).toEqual(['match']);
    // heard, the opening is forgotten; one after the match was heard is not kept (the match is read)
    expect(await openings(matchId)).toEqual([]);
    await handled([conversationOpened(lia, kai, matchId)]);
    expect(await openings(matchId)).toEqual([]);
    expect(await match(lia)).toEqual([['match', true, { matchId, fromUserId: kai }]]);
  });

  it('an opening is not kept for a match that ended, and goes with the end of its match or the account of either member', async () => {
    const [mo, nia, pat, quinn, ended, endsLater, deletedWith] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const openings = (matches: string[]) => query<{ match_id: string }>(`SELECT match_id FROM notifications.opened_matches WHERE match_id = ANY($1::uuid[])`, [matches]);
    // the end heard first (consumers keep no order among them), then the opening of the match
    await handled([envelope(Events.discovery.matchEnded, { matchId: ended, userIds: [mo, nia], reason: 'unmatch' })]);
    await handled([conversationOpened(mo, nia, ended)]);
    expect(await openings([ended])).toEqual([]);
    // an opening kept, then the match's end, or one member's account deleted
    await handled([conversationOpened(nia, mo, endsLater), conversationOpened(pat, quinn, deletedWith)]);
    expect((await openings([endsLater, deletedWith])).map((r) => r.match_id).sort()).toEqual([endsLater, deletedWith].sort());
    await handled([envelope(Events.discovery.matchEnded, { matchId: endsLater, userIds: [mo, nia], reason: 'block' })]);
    await handled([envelope(Events.identity.accountDeleted, { accountId: quinn, revision: 5 })]);
    expect(await openings([endsLater, deletedWith])).toEqual([]);
  });

  it('a batch failing mid-way is redone like by like: the failing one is retried alone, nothing is lost or doubled', async () => {
    const [member, refused, ana, ben] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // the notification of the like in the middle is refused twice (the batch's statement, then that
    // like alone), then stored: a sequence counts the refusals, whatever is rolled back
    await query(`CREATE SEQUENCE notifications.refusals`);
    await query(`CREATE FUNCTION notifications.refuse_twice() RETURNS trigger AS $$ BEGIN
        IF NEW.user_id = '${refused}' AND nextval('notifications.refusals') <= 2 THEN RAISE EXCEPTION 'refused for now'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await query(`CREATE TRIGGER refuse_twice BEFORE INSERT ON notifications.notifications FOR EACH ROW EXECUTE FUNCTION notifications.refuse_twice()`);
    try {
      // the first may be delivered on its own (JetStream): the batch is the others
      const list = [like(ben, member, 'Ben'), like(ana, member, 'Ana'), like(ana, refused, 'Ana'), like(ben, member, 'Ben', true)];
      batches.length = 0;
      await infra.bus.publish(list);
      await eventually(async () => (await emitted(member)).length === 3 && (await emitted(refused)).length === 1, 15_000, 'all four notifications');
      await new Promise((resolve) => setTimeout(resolve, 500)); // a doubled redelivery would show by now

      // the set-based attempt with the refused like, rolled back
      expect(batches.some((batch) => batch.includes(list[2]!.id) && batch.includes(list[1]!.id) && batch.includes(list[3]!.id))).toBe(true);
      expect(await query(`SELECT last_value::int AS n FROM notifications.refusals`)).toEqual([{ n: 3 }]);
      expect((await told(member)).map((n) => [n.title, n.request_id])).toEqual([
        ['Ben liked you', list[0]!.requestId],
        ['Ana liked you', list[1]!.requestId],
        ['Ben super liked you', list[3]!.requestId],
      ]);
      expect((await told(refused)).map((n) => [n.title, n.request_id])).toEqual([['Ana liked you', list[2]!.requestId]]);
      expect(await query(`SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = ANY($1::uuid[])`, [[member, refused]])).toEqual([{ n: 4 }]);
    } finally {
      await query(`DROP TRIGGER refuse_twice ON notifications.notifications`);
      await query(`DROP FUNCTION notifications.refuse_twice()`);
      await query(`DROP SEQUENCE notifications.refusals`);
    }
  });

  // The pairs' locks (NotificationRepository.lockPairs) order what the consumers do to a pair: a
  // batch holding one pair's rows while it waits for another pair's lock, held by a consumer that
  // waits for those rows, is a deadlock (PostgreSQL aborts one; the batch is redone or dead-lettered).
  // The interleaving is made with a third transaction holding the other pair's lock.
  const keyOf = async (a: string, b: string) => (await query<{ k: number }>(`SELECT hashtext($1) AS k`, [`notifications-pair:${[a, b].sort().join(':')}`]))[0]!.k;
  /** a pair whose lock comes before `a` and `b`'s in the order a batch takes them (the keys sorted) */
  async function pairBefore(a: string, b: string): Promise<[string, string]> {
    const key = await keyOf(a, b);
    for (;;) {
      const pair: [string, string] = [randomUUID(), randomUUID()];
      if ((await keyOf(...pair)) < key) return pair;
    }
  }
  /** how many of this database's sessions wait for a lock (an advisory one, or a row's transaction) */
  const waiting = async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.n;

  /**
   * `batch` touches the pair's rows, then waits for `other`'s lock (held by a third transaction);
   * meanwhile `rival` takes the pair's lock and touches the same rows. Released, the batch must
   * not need the rival's lock while the rival waits for the batch's rows: both commit.
   */
  async function bothCommit(other: [string, string], batch: () => Promise<unknown>, rival: () => Promise<unknown>) {
    const holder = app.get(DataSource).createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`notifications-pair:${[...other].sort().join(':')}`]);
      const first = uow().run(batch);
      first.catch(() => undefined);
      await eventually(async () => (await waiting()) >= 1, 10_000, 'the batch waiting for the held pair');
      let rivalDone = false;
      const second = uow().run(rival).finally(() => (rivalDone = true));
      second.catch(() => undefined);
      // the rival waits for the batch's rows (before the fix), or commits at once
      await eventually(async () => rivalDone || (await waiting()) >= 2, 10_000, 'the rival waiting or done');
      await holder.commitTransaction();
      const outcomes = await Promise.allSettled([first, second]);
      expect(outcomes.map((o) => (o.status === 'rejected' ? String((o.reason as Error).message) : 'committed'))).toEqual(['committed', 'committed']);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  }

  it('a batch of likes with a withdrawal does not deadlock with the match of the withdrawn pair', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    await uow().run(() => app.get(NotifyMemberWhenLikedHandler).handle(like(ana, ben, 'Ana')));
    const other = await pairBefore(ana, ben);
    const matched = envelope(Events.discovery.matchCreated, { matchId: randomUUID(), userIds: [ana, ben], firstNames: { [ana]: 'Ana', [ben]: 'Ben' } }) as DomainEvent<typeof Events.discovery.matchCreated>;
    // Ana takes her like back and likes Ben again; a stranger likes someone else in the same batch
    await bothCommit(
      other,
      () => app.get(NotifyMemberWhenLikedHandler).handleMany([withdrawn(ana, ben), like(other[0], other[1], 'Cleo'), like(ana, ben, 'Ana')]),
      () => app.get(NotifyMembersWhenMatchedHandler).handle(matched),
    );
    expect((await rows(ben)).map((r) => r.type).sort()).toEqual(['like', 'match']);
  });

  it('a batch of messages with a read does not deadlock with the end of that match', async () => {
    const [ana, ben, matchId] = [randomUUID(), randomUUID(), randomUUID()];
    await uow().run(() => app.get(NotifyRecipientWhenMessageSentHandler).handle(messageSent(ana, ben, 'hi', matchId)));
    const other = await pairBefore(ana, ben);
    const ended = envelope(Events.discovery.matchEnded, { matchId, userIds: [ana, ben], reason: 'unmatch' }) as DomainEvent<typeof Events.discovery.matchEnded>;
    // Ben reads Ana's message; a message of another pair, and one more of Ana's, in the same batch
    await bothCommit(
      other,
      () => app.get(NotifyRecipientWhenMessageSentHandler).handleMany([messagesRead(ben, ana, matchId), messageSent(other[0], other[1], 'hi'), messageSent(ana, ben, 'hi', matchId)]),
      () => app.get(ForgetMatchWhenMatchEndedHandler).handle(ended),
    );
    // whichever came second, nothing of the ended match is left
    expect(await query(`SELECT id FROM notifications.notifications WHERE user_id = $1`, [ben])).toEqual([]);
  });

  // A transaction handling a batch event by event (a handler without handleMany, or the redo of a
  // failed handleMany) took each event's pair in its own statement, in the events' order: holding
  // one pair while it asked for the next, it could wait for a batch that, sorted, took that next
  // pair first and waits for the one it holds (a deadlock: PostgreSQL aborts one, a second's wait
  // and a redelivery).
  /** two pairs, `low`'s lock before `high`'s in the order a batch takes them (the keys sorted) */
  async function lowHigh(): Promise<[[string, string], [string, string]]> {
    const pairs: Array<[string, string]> = [
      [randomUUID(), randomUUID()],
      [randomUUID(), randomUUID()],
    ];
    const [k0, k1] = await Promise.all(pairs.map((p) => keyOf(...p)));
    return k0! < k1! ? [pairs[0]!, pairs[1]!] : [pairs[1]!, pairs[0]!];
  }
  const subscription = (handler: { consumer: string }) => subscriptions.get(handler.consumer)!.handleBatch!;

  /**
   * `first` (a batch through the inbox, as the bus hands it) waits for `held`'s lock, held by a
   * third transaction; meanwhile `second` starts. Released, both must commit every event without
   * a handler throwing (a deadlock would be one of them).
   */
  async function interleaved(held: [string, string], first: () => Promise<unknown>, second: () => Promise<unknown>, watched: Array<[object, string[]]>, fails = () => false) {
    const thrown: string[] = [];
    const restore: Array<() => void> = [];
    for (const [handler, methods] of watched) {
      for (const method of methods) {
        const target = handler as Record<string, (...args: unknown[]) => Promise<void>>;
        const original = target[method]!;
        target[method] = async (...args) => {
          if (method === 'handleMany' && fails()) throw new Error('failed once');
          try {
            return await original.apply(handler, args);
          } catch (error) {
            thrown.push(String((error as Error).message));
            throw error;
          }
        };
        restore.push(() => (target[method] = original));
      }
    }
    const holder = app.get(DataSource).createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`notifications-pair:${[...held].sort().join(':')}`]);
      const one = first();
      one.catch(() => undefined);
      await eventually(async () => (await waiting()) >= 1, 10_000, 'the first batch waiting for the held pair');
      let secondDone = false;
      const two = second().finally(() => (secondDone = true));
      two.catch(() => undefined);
      await eventually(async () => secondDone || (await waiting()) >= 2, 10_000, 'the second batch waiting or done');
      await holder.commitTransaction();
      return { thrown, outcomes: await Promise.all([one, two]) };
    } finally {
      restore.forEach((r) => r());
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  }
  const matched = ([a, b]: [string, string]) => envelope(Events.discovery.matchCreated, { matchId: randomUUID(), userIds: [a, b], firstNames: { [a]: 'Ana', [b]: 'Ben' } });

  it("takes a transaction's pairs one after another in the order of their keys: waiting for one, it holds exactly those before it", async () => {
    const pairs = Array.from({ length: 7 }, () => [randomUUID(), randomUUID()] as [string, string]);
    const keys = await Promise.all(pairs.map((p) => keyOf(...p)));
    const sorted = [...keys].sort((x, y) => x - y);
    const held = pairs[keys.indexOf(sorted[3]!)]!;
    const holder = app.get(DataSource).createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`notifications-pair:${[...held].sort().join(':')}`]);
      const locking = uow().run(() => app.get(NotificationsService).lockPairs([...pairs, pairs[0]!]));
      locking.catch(() => undefined);
      await eventually(async () => (await waiting()) >= 1, 10_000, 'the pairs waiting for the held one');
      const locks = await query<{ key: string; granted: boolean }>(
        `SELECT ((l.classid::bigint << 32) | l.objid::bigint)::int AS key, l.granted FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND a.datname = current_database() AND a.wait_event_type = 'Lock'`,
      );
      expect(locks.filter((l) => l.granted).map((l) => Number(l.key)).sort((x, y) => x - y)).toEqual(sorted.slice(0, 3));
      expect(locks.filter((l) => !l.granted).map((l) => Number(l.key))).toEqual([sorted[3]]);
      await holder.commitTransaction();
      await locking;
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('a batch of matches handled one by one in a transaction does not deadlock with a batch of likes of the same pairs', async () => {
    const [low, high] = await lowHigh();
    const held: [string, string] = [randomUUID(), randomUUID()];
    const [matches, likes] = [app.get(NotifyMembersWhenMatchedHandler), app.get(NotifyMemberWhenLikedHandler)];
    // the matches (their handler has no handleMany): `high`'s, then the held pair's (it waits), then
    // `low`'s; the likes of both pairs, sorted: `low`'s lock, then `high`'s
    const result = await interleaved(
      held,
      () => subscription(matches)([matched(high), matched(held), matched(low)]),
      () => subscription(likes)([like(low[0], low[1], 'Ana'), like(high[0], high[1], 'Ana')]),
      [
        [matches, ['handle']],
        [likes, ['handle', 'handleMany']],
      ],
    );
    expect(result).toEqual({ thrown: [], outcomes: [[undefined, undefined, undefined], [undefined, undefined]] });
    for (const [a] of [low, high, held]) expect((await rows(a)).map((r) => r.type)).toEqual(['match']);
    for (const [, b] of [low, high]) expect((await rows(b)).map((r) => r.type).sort()).toEqual(['like', 'match']);
  });

  it("the redo of a failed batch of likes, like by like in one transaction, does not deadlock with another batch of the same pairs", async () => {
    const [low, high] = await lowHigh();
    const held: [string, string] = [randomUUID(), randomUUID()];
    const likes = app.get(NotifyMemberWhenLikedHandler);
    let failures = 1;
    // the first batch's handleMany fails once: its redo hands `high`'s like, then the held pair's
    // (it waits), then `low`'s to `handle`; the second batch takes `low`'s lock, then `high`'s
    const result = await interleaved(
      held,
      () => subscription(likes)([like(high[0], high[1], 'Ana'), like(held[0], held[1], 'Ana'), like(low[0], low[1], 'Ana')]),
      () => subscription(likes)([like(low[1], low[0], 'Ben'), like(high[1], high[0], 'Ben')]),
      [[likes, ['handle', 'handleMany']]],
      () => failures-- > 0,
    );
    expect(result).toEqual({ thrown: [], outcomes: [[undefined, undefined, undefined], [undefined, undefined]] });
    for (const pair of [low, high]) for (const member of pair) expect((await rows(member)).map((r) => r.type)).toEqual(['like']);
    expect((await rows(held[1])).map((r) => r.type)).toEqual(['like']);
  });

  it('forgets, on upgrade, the likes of pairs whose match ended before the end took them; others stay', async () => {
    const [ana, ben, cleo] = [randomUUID(), randomUUID(), randomUUID()];
    const like = async (userId: string, fromUserId: string, type = 'like') => {
      await query(`INSERT INTO notifications.notifications (id, user_id, type, title, message, data, read) VALUES ($1, $2, $3, 'x liked you', '', $4, true)`, [randomUUID(), userId, type, JSON.stringify({ fromUserId, matched: 'true' })]);
    };
    await like(ben, ana);
    await like(ana, ben, 'super_like');
    await like(ben, cleo);
    await uow().run(() => app.get(MemberDirectoryRepository).endMatch(randomUUID(), [ana, ben]));
    const runner = app.get(DataSource).createQueryRunner();
    try {
      await new ForgetLikesOfEndedMatches1766300000000().up(runner);
    } finally {
      await runner.release();
    }
    expect([(await rows(ana)).length, (await rows(ben)).map((r) => (r.data as { fromUserId: string }).fromUserId)]).toEqual([0, [cleo]]);
  });

  it('a like heard after its match ended tells nothing: the end took the likes that led to the match', async () => {
    // Ana's like, Ben's like back that made the match, and Ben's unmatch: their consumers run apart,
    // and the likes' (the busiest) may come last
    const [ana, ben, matchId] = [randomUUID(), randomUUID(), randomUUID()];
    await uow().run(() => app.get(NotifyMembersWhenMatchedHandler).handle(envelope(Events.discovery.matchCreated, { matchId, userIds: [ana, ben], firstNames: { [ana]: 'Ana', [ben]: 'Ben' } }) as DomainEvent<typeof Events.discovery.matchCreated>));
    await uow().run(() => app.get(ForgetMatchWhenMatchEndedHandler).handle(envelope(Events.discovery.matchEnded, { matchId, userIds: [ana, ben], reason: 'unmatch', endedBy: ben }) as DomainEvent<typeof Events.discovery.matchEnded>));
    const before = (await emitted(ben)).length;
    await uow().run(() => app.get(NotifyMemberWhenLikedHandler).handleMany([like(ana, ben, 'Ana')]));
    expect(await rows(ben)).toEqual([]);
    // nothing alerts Ben (no socket or web push)
    expect((await emitted(ben)).length).toBe(before);
  });
});
