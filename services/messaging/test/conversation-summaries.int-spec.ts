import { buildServiceModule, InProcessBroker, InProcessRpcClient, type Infrastructure, openInfrastructure, Transactions } from '@aero/common';
import { loadSettings } from '@aero/config';
import type { ConversationSummary } from '@aero/contracts';
import { createTestDatabase, type TestDatabase } from '@aero/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageRepository } from '../src/messages/message.repository.js';
import { messagingService } from '../src/messaging.service-definition.js';

// The match list's summary of each conversation (GET /api/matches: has it messages, has the member
// unread ones, when was the last, which orders the list), read from the real tables for every kind
// of conversation a member has, against what the stored rows say.

interface Room {
  matchId: string;
  memberIds: [string, string];
  ended: boolean;
}
interface Stored {
  matchId: string;
  senderId: string;
  createdAt: Date;
  read: boolean;
}

describe('conversation summaries (PostgreSQL)', () => {
  let db: TestDatabase;
  let dataDir: string;
  let infra: Infrastructure;
  let app: INestApplicationContext;
  let repo: MessageRepository;
  const me = randomUUID();
  const rooms: Room[] = [];
  const messages: Stored[] = [];
  const base = Date.parse('2026-11-01T12:00:00Z');

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'aero-summaries-'));
    infra = await openInfrastructure(loadSettings({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' }), { name: 'summaries-test', services: ['messaging'] });
    app = await NestFactory.createApplicationContext(await buildServiceModule(messagingService, infra.runtimeFor('messaging', new InProcessRpcClient(new InProcessBroker()))), { logger: false, abortOnError: false });
    repo = app.get(MessageRepository);

    // my conversations: none yet; all read; the other's last one unread; only mine unread (not
    // unread for me); an unread one long ago then read ones; ended with an unread message; and
    // others' conversations (one with an unread message for a member who is not me)
    const kinds = ['empty', 'read', 'theirUnread', 'mineUnread', 'oldUnread', 'ended', 'notMine'] as const;
    kinds.forEach((kind, k) => {
      const other = randomUUID();
      const room: Room = { matchId: randomUUID(), memberIds: kind === 'notMine' ? [randomUUID(), other] : [me, other], ended: kind === 'ended' };
      rooms.push(room);
      if (kind === 'empty') return;
      const count = 3 + k;
      for (let i = 0; i < count; i++) {
        const mine = i % 2 === 0;
        const last = i === count - 1;
        const unread = (kind === 'theirUnread' && last) || (kind === 'mineUnread' && mine) || (kind === 'oldUnread' && i === 1) || (kind === 'ended' && last) || (kind === 'notMine' && last);
        // stored in time order, a minute apart, each room's in its own hour
        messages.push({ matchId: room.matchId, senderId: kind === 'notMine' ? room.memberIds[i % 2]! : kind === 'theirUnread' && last ? other : mine ? me : other, createdAt: new Date(base + k * 3_600_000 + i * 60_000), read: !unread });
      }
    });
    const sql = app.get(Transactions).manager;
    for (const r of rooms) await sql.query('INSERT INTO messaging.chat_rooms (match_id, member_ids, ended_at) VALUES ($1, $2, $3)', [r.matchId, r.memberIds, r.ended ? new Date() : null]);
    for (const m of messages) {
      await sql.query(`INSERT INTO messaging.messages (id, match_id, sender_id, content, message_type, created_at, read_at) VALUES ($1, $2, $3, 'hi', 'text', $4, $5)`, [
        randomUUID(),
        m.matchId,
        m.senderId,
        m.createdAt,
        m.read ? m.createdAt : null,
      ]);
    }
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await infra?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** what the stored rows say of `userId`'s open conversations among `matchIds` */
  const expected = (userId: string, matchIds: string[]): ConversationSummary[] =>
    rooms
      .filter((r) => matchIds.includes(r.matchId) && r.memberIds.includes(userId) && !r.ended)
      .map((r) => {
        const own = messages.filter((m) => m.matchId === r.matchId);
        const last = own.at(-1);
        return { matchId: r.matchId, hasMessages: own.length > 0, hasUnreadMessages: own.some((m) => !m.read && m.senderId !== userId), lastMessageAt: last ? last.createdAt.toISOString() : null };
      });
  const byMatch = (list: ConversationSummary[]) => [...list].sort((a, b) => a.matchId.localeCompare(b.matchId));

  it("summarises each of the member's open conversations as its stored messages say", async () => {
    const all = rooms.map((r) => r.matchId);
    const summaries = byMatch(await repo.summaries(me, all));
    expect(summaries).toEqual(byMatch(expected(me, all)));
    // the kinds, spelled out: none, read, theirs unread, only mine unread, an old unread one
    expect(summaries.length).toBe(5);
    const of = (i: number) => summaries.find((s) => s.matchId === rooms[i]!.matchId)!;
    expect([0, 1, 2, 3, 4].map((i) => [of(i).hasMessages, of(i).hasUnreadMessages])).toEqual([
      [false, false],
      [true, false],
      [true, true],
      [true, false],
      [true, true],
    ]);
  });

  it("leaves out the ended conversation, another member's, and ids not asked; asks nothing for none", async () => {
    const asked = [rooms[2]!.matchId, rooms[5]!.matchId, rooms[6]!.matchId, randomUUID()];
    expect(await repo.summaries(me, asked)).toEqual(expected(me, asked));
    expect((await repo.summaries(me, asked)).map((s) => s.matchId)).toEqual([rooms[2]!.matchId]);
    // the other member of a conversation that is not mine sees their own unread message
    const notMine = rooms[6]!;
    const [reader] = notMine.memberIds.filter((id) => messages.some((m) => m.matchId === notMine.matchId && !m.read && m.senderId !== id));
    expect(await repo.summaries(reader!, [notMine.matchId])).toEqual(expected(reader!, [notMine.matchId]));
    expect((await repo.summaries(reader!, [notMine.matchId]))[0]!.hasUnreadMessages).toBe(true);
    expect(await repo.summaries(me, [])).toEqual([]);
  });
});
