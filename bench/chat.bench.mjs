// Chat over socket.io through two real gateways in distributed mode (issue 12's goal), against a
// baseline of two bare socket.io servers with the same Redis adapter and no app. Not a test.
//
//   NATS_URL=nats://127.0.0.1:4310 node_modules/.bin/node bench/chat.bench.mjs   (after `npm run build`)
//   [BENCH_CHAT_CLIENTS=2000 BENCH_CHAT_RATE=200 BENCH_CHAT_SECONDS=20 BENCH_CHAT_IDLE=2000]
//
// DATABASE_URL (admin URL; a fresh database bench_chat_<timestamp> is created and dropped),
// NATS_URL (JetStream; its own stream and subjects, deleted at the end) and REDIS_URL (its own key
// prefix, deleted at the end) default to the local servers. Sockets need file descriptors: this
// process holds CLIENTS + IDLE of them, so `ulimit -n` must exceed that (the run stops otherwise).
//
// Processes (forked from this file, so the gateways do not share a CPU thread with the clients):
//   gateway 1: startGateway(settings) hosting all six services (RUN_SERVICES=all);
//   gateway 2: startGateway(settings, { hostServices: false }), same database/NATS/Redis/stream
//              and PUBLIC_URL, its own PORT;
//   gateway 3: like gateway 2, only for the idle sockets, so its RSS/heap before and after is
//              the memory of the idle sockets alone;
//   later bare 1 + bare 2: socket.io + @socket.io/redis-adapter, no app (the baseline), and bare 3
//              for the baseline of the idle sockets' memory.
// This process holds every client socket and the clock: a message's latency is emit → its
// `new_message` at the recipient's socket, both measured here.
//
// How the members are made (the fastest way that still drives real sockets through the gateways):
// the socket path reads no profile. The handshake resolves the session cookie in the session store
// (Redis), the connection asks profiles for the member's settings (defaults when the member has
// none) and messaging for their partners, and `message` goes through the member's rate limit and
// standing (their account: one who must pay first cannot write) to messaging, which only checks
// that the sender is in an open chat room. So each member is an account row inserted straight into
// identity.accounts, a subscriber with a verified email and no usable password (the demo account
// RPC hashes a password with argon2, about a minute of CPU for 2,000 on this 2-core machine, and
// feeds discovery's read model we do not use), and no profile; each pair gets its row in
// discovery.matches and messaging.chat_rooms inserted straight into the tables (the same rows
// `discovery.match.created` produces), and each member a session through the gateway's own
// SessionStore.create (gateway 1, over IPC), sent as the `aero_sid` cookie with the PUBLIC_URL
// Origin like a browser.
//
// Load: BENCH_CHAT_RATE messages/s, paced on the clock, for BENCH_CHAT_SECONDS. Conversations
// are used in turns of 4 messages in a row from one member (someone typing a few lines, 5 ms
// apart at 200/s), alternating direction, so every message crosses gateways and order within a
// conversation is actually at stake. Lost: acked without error but never at the recipient 5 s
// after the end. Order violation: the recipient gets a message after a later one of the same
// sender in that conversation. Hops (app only): the stored message's createdAt (PostgreSQL's
// clock_timestamp, same machine clock) and a plain NATS subscription on the event's subject
// split emit → delivered into: into the database, outbox → JetStream, JetStream → recipient.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { forkChild, serveCommands } from './support/child-process.mjs';

const ROLE = process.env.BENCH_CHAT_ROLE;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const wallNow = () => performance.timeOrigin + performance.now();

if (ROLE) await child(ROLE);
else await main();

// ───────────────────────────── child processes ─────────────────────────────

/** A gateway or a bare socket.io server, answering the parent's commands over IPC. */
async function child(role) {
  const port = Number(process.env.PORT);
  const commands = { memory: async () => (global.gc?.(), global.gc?.(), await sleep(50), process.memoryUsage()), cpu: async () => process.cpuUsage() };
  let close;
  if (role === 'gateway') {
    await import('reflect-metadata');
    const { startGateway } = await import('../gateway/dist/index.js');
    const { SessionStore } = await import('../gateway/dist/auth/session.store.js');
    const { loadSettings } = await import('../libs/config/dist/index.js');
    const gateway = await startGateway(loadSettings(process.env), { hostServices: process.env.BENCH_CHAT_SERVICES === 'all' });
    const sessions = gateway.app.get(SessionStore);
    commands.sessions = async (userIds) => {
      const sids = [];
      for (let i = 0; i < userIds.length; i += 200) sids.push(...(await Promise.all(userIds.slice(i, i + 200).map((id) => sessions.create(id)))));
      return sids;
    };
    close = () => gateway.close();
  } else {
    const { Server } = await import('socket.io');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const { Redis } = await import('ioredis');
    const pub = new Redis(process.env.REDIS_URL);
    const sub = pub.duplicate();
    const io = new Server(port, { path: '/ws', serveClient: false });
    io.adapter(createAdapter(pub, sub, { key: `${process.env.REDIS_PREFIX}bare.socket.io` }));
    io.on('connection', (socket) => {
      const userId = socket.handshake.auth.userId;
      socket.join(`user:${userId}`);
      // what the app's `message` does minus the app: answer the ack, push to both members' rooms
      socket.on('message', (body, ack) => {
        const message = { id: body.id, matchId: body.matchId, senderId: userId, content: body.content, messageType: 'text', createdAt: new Date().toISOString() };
        ack?.({ message });
        io.to([`user:${userId}`, `user:${body.recipientId}`]).emit('new_message', { message });
      });
    });
    close = async () => {
      await io.close();
      pub.disconnect();
      sub.disconnect();
    };
  }
  serveCommands(commands, () => close());
}

/** Forks this file in `role`; resolves once it listens, with a call(cmd, ...args) over IPC. */
async function spawnChild(role, env) {
  const child = await forkChild(fileURLToPath(import.meta.url), { env: { ...process.env, ...env, BENCH_CHAT_ROLE: role }, execArgv: ['--expose-gc'], label: `${role} on port ${env.PORT}` });
  return { base: `http://127.0.0.1:${env.PORT}`, call: child.call, stop: child.stop };
}

// ───────────────────────────── the driver ─────────────────────────────

async function main() {
  const { Client } = (await import('pg')).default;
  const { io } = await import('socket.io-client');
  const { connect: natsConnect } = await import('@nats-io/transport-node');
  const { JetStreamEventBus } = await import('../libs/event-bus/dist/index.js');
  const { deleteRedisKeys, freePort } = await import('../libs/testing/dist/index.js');
  const { benchDatabase } = await import('./support/database.mjs');

  const CLIENTS = Math.max(2, Number(process.env.BENCH_CHAT_CLIENTS ?? 2000) & ~1);
  const RATE = Number(process.env.BENCH_CHAT_RATE ?? 200);
  const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
  const IDLE = Number(process.env.BENCH_CHAT_IDLE ?? 2000);
  const TURN = 4; // messages in a row from one member of a conversation
  const DRAIN_MS = 5_000;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const stamp = Date.now();
  const dbName = `bench_chat_${stamp}`;
  const redisPrefix = `bench-chat-${stamp}:`;

  const fdLimit = openFileLimit();
  if (fdLimit !== null && fdLimit < CLIENTS + IDLE + 200) {
    console.log(`chat bench: skipped — ulimit -n is ${fdLimit}, this process needs about ${CLIENTS + IDLE + 200} file descriptors (raise it with \`ulimit -n 65536\` or lower BENCH_CHAT_CLIENTS / BENCH_CHAT_IDLE)`);
    return;
  }

  const database = await benchDatabase(dbName);
  const { url: dbUrl, dataDir } = database;
  const children = [];
  const sockets = [];
  const results = {};
  try {
    const [port1, port2, port3, bare1, bare2, bare3] = await Promise.all([0, 1, 2, 3, 4, 5].map(() => freePort()));
    const publicUrl = `http://127.0.0.1:${port1}`;
    const appEnv = {
      DATABASE_URL: dbUrl,
      NATS_URL: natsUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      EVENTS_STREAM: `BENCH_CHAT_${stamp}`,
      EVENTS_PREFIX: `bench_chat_${stamp}`,
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      DEMO_SEED: 'false',
      RATE_LIMIT_MESSAGES: '100000000',
    };

    // ── the app: gateway 1 with the services first (migrations), then gateways 2 and 3
    let t = performance.now();
    const gw1 = await spawnChild('gateway', { ...appEnv, PORT: String(port1), BENCH_CHAT_SERVICES: 'all' });
    children.push(gw1);
    const [gw2, gw3] = await Promise.all([spawnChild('gateway', { ...appEnv, PORT: String(port2) }), spawnChild('gateway', { ...appEnv, PORT: String(port3) })]);
    children.push(gw2, gw3);
    const startupSeconds = (performance.now() - t) / 1000;

    // ── members, matches, chat rooms, sessions
    t = performance.now();
    const pairs = Array.from({ length: CLIENTS / 2 }, () => ({ matchId: randomUUID(), a: randomUUID(), b: randomUUID() }));
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    const lowHigh = pairs.map((p) => (p.a < p.b ? [p.a, p.b] : [p.b, p.a]));
    // a subscriber may write (the send path reads the sender's standing); '!' is no password hash, so no one signs in as them
    await db.query(
      `INSERT INTO identity.accounts (id, email, password_hash, email_verified, user_type, subscription_status) SELECT id, 'chat-bench-' || id || '@example.com', '!', true, 'general', 'active' FROM unnest($1::uuid[]) AS t (id)`,
      [pairs.flatMap((p) => [p.a, p.b])],
    );
    await db.query('INSERT INTO discovery.matches (id, user_low, user_high) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[])', [pairs.map((p) => p.matchId), lowHigh.map((x) => x[0]), lowHigh.map((x) => x[1])]);
    await db.query(
      'INSERT INTO messaging.chat_rooms (match_id, member_ids) SELECT m, ARRAY[a, b] FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS t (m, a, b)',
      [pairs.map((p) => p.matchId), pairs.map((p) => p.a), pairs.map((p) => p.b)],
    );
    const idleIds = Array.from({ length: IDLE }, () => randomUUID());
    const sids = await gw1.call('sessions', [...pairs.flatMap((p) => [p.a, p.b]), ...idleIds]);
    const sidOf = new Map([...pairs.flatMap((p) => [p.a, p.b]), ...idleIds].map((id, i) => [id, sids[i]]));
    const setupSeconds = (performance.now() - t) / 1000;

    const appConnect = (base, userId) => connectSocket(io, base, { extraHeaders: { cookie: `aero_sid=${sidOf.get(userId)}`, origin: publicUrl } }, sockets);
    // published to JetStream: a plain NATS subscriber on the event's subject sees each publish
    const nc = await natsConnect({ servers: natsUrl });
    const publishedAt = new Map();
    nc.subscribe(`${appEnv.EVENTS_PREFIX}.messaging.message.sent`, { callback: (_err, msg) => publishedAt.set(msg.json().payload.message.id, wallNow()) });

    // the relay's batch transaction began at the row's published_at (now() is the transaction's start)
    const relayStarts = async () =>
      new Map((await db.query(`SELECT payload->'message'->>'id' AS id, published_at FROM messaging.outbox WHERE subject = 'messaging.message.sent'`)).rows.map((r) => [r.id, r.published_at.getTime()]));
    results.app = await runLoad(pairs, {
      connectA: (id) => appConnect(gw1.base, id),
      connectB: (id) => appConnect(gw2.base, id),
      hopSources: { publishedAt, relayStarts },
      processes: { 'gateway 1 + services': gw1, 'gateway 2': gw2 },
    });
    await db.end();
    await nc.drain();

    // ── idle sockets: gateway 3 holds nothing else; its memory before and after (after GC)
    results.idle = await idleMemory(gw3, (id) => appConnect(gw3.base, id), idleIds);
    // each closed socket asks messaging for its partners (presence): let that finish before the services stop
    await sleep(5_000);
    for (const c of children.splice(0).reverse()) await c.stop();

    // ── baseline: two bare socket.io servers, same Redis, same pairing, same rate
    const [b1, b2, b3] = await Promise.all([bare1, bare2, bare3].map((port) => spawnChild('bare', { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, PORT: String(port) })));
    children.push(b1, b2, b3);
    const bareConnect = (base, userId) => connectSocket(io, base, { auth: { userId } }, sockets);
    results.bare = await runLoad(pairs, { connectA: (id) => bareConnect(b1.base, id), connectB: (id) => bareConnect(b2.base, id), processes: { 'bare 1': b1, 'bare 2': b2 } });
    results.bareIdle = await idleMemory(b3, (id) => bareConnect(b3.base, id), idleIds);

    await report({ CLIENTS, RATE, SECONDS, IDLE, startupSeconds, setupSeconds, results });
  } finally {
    for (const s of sockets) s.disconnect();
    for (const c of children.reverse()) await c.stop().catch(() => undefined);
    const bus = await JetStreamEventBus.connect({ servers: natsUrl, stream: `BENCH_CHAT_${stamp}`, prefix: `bench_chat_${stamp}`, logger: { log() {}, warn() {}, error() {} } }).catch(() => null);
    await bus?.deleteStream().catch(() => undefined);
    await bus?.close();
    await deleteRedisKeys(redisUrl, redisPrefix).catch(() => undefined);
    await database.drop();
  }

  /** the server process's memory after GC before and after `userIds` idle sockets connect to it */
  async function idleMemory(server, connect, userIds) {
    const before = await server.call('memory');
    const started = performance.now();
    const idle = [];
    for (let i = 0; i < userIds.length; i += 100) idle.push(...(await Promise.all(userIds.slice(i, i + 100).map(connect))));
    const connectSeconds = (performance.now() - started) / 1000;
    await sleep(2_000);
    const after = await server.call('memory');
    for (const s of idle) s.disconnect();
    return { before, after, count: userIds.length, connectSeconds };
  }

  /**
   * Connects each pair's member a to one server and b to the other, sends RATE messages/s for
   * SECONDS in turns of TURN, waits DRAIN_MS, and returns what the recipients saw.
   */
  async function runLoad(pairs, { connectA, connectB, hopSources, processes }) {
    const started = performance.now();
    const sock = new Map();
    const records = new Map();
    const lastSeen = new Map(); // `${matchId}:${senderId}` → highest sender sequence the recipient got
    let violations = 0;
    const conversationsOutOfOrder = new Set();
    const listen = (socket, userId) =>
      socket.on('new_message', ({ message }) => {
        const r = records.get(message.id);
        if (!r || message.senderId === userId) return; // the sender's own echo
        if (r.received !== undefined) return void r.duplicates++;
        r.received = wallNow();
        r.createdAt = Date.parse(message.createdAt);
        const key = `${r.matchId}:${r.from}`;
        if ((lastSeen.get(key) ?? -1) > r.seq) {
          violations++;
          conversationsOutOfOrder.add(r.matchId);
        } else lastSeen.set(key, r.seq);
      });
    for (let i = 0; i < pairs.length; i += 100) {
      await Promise.all(
        pairs.slice(i, i + 100).flatMap((p) => [
          connectA(p.a).then((s) => (sock.set(p.a, s), listen(s, p.a))),
          connectB(p.b).then((s) => (sock.set(p.b, s), listen(s, p.b))),
        ]),
      );
    }
    const connectSeconds = (performance.now() - started) / 1000;
    await sleep(1_000); // every socket has joined its rooms

    const total = Math.round(RATE * SECONDS);
    const seqOf = new Map();
    let sent = 0;
    const cpuBefore = { 'bench clients': process.cpuUsage(), ...Object.fromEntries(await Promise.all(Object.entries(processes).map(async ([k, p]) => [k, await p.call('cpu')]))) };
    const loadStarted = performance.now();
    const acks = [];
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - loadStarted) / 1000) * RATE));
      for (; sent < due; sent++) {
        const turn = Math.floor(sent / TURN);
        const pair = pairs[turn % pairs.length];
        const [from, to] = turn % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
        const key = `${pair.matchId}:${from}`;
        const seq = seqOf.get(key) ?? 0;
        seqOf.set(key, seq + 1);
        const r = { matchId: pair.matchId, from, seq, sent: wallNow(), acked: undefined, error: undefined, received: undefined, duplicates: 0 };
        const id = randomUUID();
        records.set(id, r);
        acks.push(
          sock
            .get(from)
            .timeout(15_000)
            .emitWithAck('message', { id, matchId: pair.matchId, content: `bench ${seq}`, messageType: 'text', recipientId: to })
            .then((ack) => ((r.acked = wallNow()), ack.error && (r.error = ack.error)))
            .catch((e) => (r.error = e.message)),
        );
      }
      await sleep(1);
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const cpuAfter = { 'bench clients': process.cpuUsage(), ...Object.fromEntries(await Promise.all(Object.entries(processes).map(async ([k, p]) => [k, await p.call('cpu')]))) };
    const cpu = Object.entries(cpuAfter).map(([k, a]) => [k, (a.user + a.system - cpuBefore[k].user - cpuBefore[k].system) / 1e4 / loadSeconds]);
    await Promise.all(acks);
    const deadline = performance.now() + DRAIN_MS;
    const all = [...records.entries()];
    while (performance.now() < deadline && all.some(([, r]) => !r.error && r.received === undefined)) await sleep(50);
    for (const s of sock.values()) s.disconnect();

    // where order broke: in storage (messaging's order, createdAt, already differs from the
    // sender's) or on the way out (the recipient got them out of the stored order)
    let storedOutOfOrder = 0;
    const byDirection = Map.groupBy(all.filter(([, r]) => r.createdAt !== undefined).map(([, r]) => r), (r) => `${r.matchId}:${r.from}`);
    for (const rs of byDirection.values()) {
      rs.sort((x, y) => x.seq - y.seq);
      for (let i = 1; i < rs.length; i++) if (rs[i].createdAt < rs[i - 1].createdAt) storedOutOfOrder++;
    }
    const ok = all.filter(([, r]) => !r.error);
    const got = ok.filter(([, r]) => r.received !== undefined);
    const sorted = (xs) => xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    let hops;
    if (hopSources) {
      const { publishedAt } = hopSources;
      const relayAt = await hopSources.relayStarts();
      hops = {
        stored: sorted(got.map(([, r]) => r.createdAt - r.sent)),
        relayStarted: sorted(got.map(([id, r]) => relayAt.get(id) - r.createdAt)),
        published: sorted(got.map(([id]) => publishedAt.get(id) - relayAt.get(id))),
        delivered: sorted(got.map(([id, r]) => r.received - publishedAt.get(id))),
      };
    }
    return {
      sent: all.length,
      ackErrors: all.length - ok.length,
      firstError: all.find(([, r]) => r.error)?.[1].error,
      lost: ok.length - got.length,
      duplicates: all.reduce((n, [, r]) => n + r.duplicates, 0),
      violations,
      storedOutOfOrder,
      conversationsOutOfOrder: conversationsOutOfOrder.size,
      conversations: seqOf.size,
      latency: sorted(got.map(([, r]) => r.received - r.sent)),
      // p99 per 2-second window of the load (by emit time): a stall shows as one bad window
      windows: [...Map.groupBy(got, ([, r]) => Math.floor((r.sent - performance.timeOrigin - loadStarted) / 2000)).entries()]
        .sort((x, y) => x[0] - y[0])
        .map(([, rs]) => sorted(rs.map(([, r]) => r.received - r.sent))),
      ack: sorted(ok.map(([, r]) => r.acked - r.sent)),
      hops,
      connectSeconds,
      loadSeconds,
      cpu,
    };
  }
}

function connectSocket(io, base, options, registry) {
  return new Promise((resolve, reject) => {
    const socket = io(base, { path: '/ws', transports: ['websocket'], reconnection: false, ...options });
    registry.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function openFileLimit() {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return null;
  }
}

// ───────────────────────────── the report ─────────────────────────────

async function report({ CLIENTS, RATE, SECONDS, IDLE, startupSeconds, setupSeconds, results }) {
  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const ms = (x) => `${x.toFixed(1).padStart(7)} ms`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const { app, bare, idle, bareIdle } = results;
  const line = (label, r) =>
    `${label.padEnd(5)} sent ${r.sent} (ack errors ${r.ackErrors}) in ${r.loadSeconds.toFixed(1)} s   emit→recipient p50 ${ms(pct(r.latency, 50))}  p99 ${ms(pct(r.latency, 99))}  max ${ms(pct(r.latency, 100))}` +
    `   emit→ack p50 ${ms(pct(r.ack, 50))}  p99 ${ms(pct(r.ack, 99))}   lost ${r.lost}   duplicates ${r.duplicates}   order violations ${r.violations} (in ${r.conversationsOutOfOrder} of ${r.conversations} conversation directions)`;
  const orderLine = (r) => `      of which stored out of the sender's order (messaging's createdAt): ${r.storedOutOfOrder}; the rest were stored in order but delivered out of it`;
  console.log(`chat over socket.io, distributed mode, node ${process.version}: ${CLIENTS} clients (${CLIENTS / 2} matches, each pair's members on different gateways), ${RATE} msg/s for ${SECONDS} s in turns of 4 per sender`);
  console.log(`set-up: gateways up in ${startupSeconds.toFixed(1)} s; matches, chat rooms and ${CLIENTS + IDLE} sessions in ${setupSeconds.toFixed(1)} s; sockets connected in ${app.connectSeconds.toFixed(1)} s (app), ${bare.connectSeconds.toFixed(1)} s (bare)`);
  console.log(line('app', app));
  const windows = (r) => r.windows.map((w) => pct(w, 99).toFixed(0)).join(' ');
  console.log(`      p99 per 2 s of the load (ms): app ${windows(app)}; bare ${windows(bare)}`);
  if (app.firstError) console.log(`      first ack error: ${app.firstError}`);
  if (app.violations) console.log(orderLine(app));
  console.log(line('bare', bare));
  console.log(`ratio app / bare socket.io + Redis adapter: p50 ×${(pct(app.latency, 50) / pct(bare.latency, 50)).toFixed(1)}, p99 ×${(pct(app.latency, 99) / pct(bare.latency, 99)).toFixed(1)}`);
  const h = app.hops;
  const hop = (label, xs) => `  ${label.padEnd(78)} p50 ${ms(pct(xs, 50))}  p99 ${ms(pct(xs, 99))}  max ${ms(pct(xs, 100))}`;
  console.log('app hops, emit → recipient split (same machine clock):');
  console.log(hop('emit → row inserted by messaging (gateway, rate limit, NATS request, transaction)', h.stored));
  console.log(hop('row inserted → outbox relay batch began (rest of the transaction, commit, kick)', h.relayStarted));
  console.log(hop('relay batch began → on JetStream (SELECT … FOR UPDATE, publish with PubAck)', h.published));
  console.log(hop('on JetStream → at the recipient (pull consumer on a gateway, Redis adapter)', h.delivered));
  const cpuLine = (r) => r.cpu.map(([k, v]) => `${k} ${v.toFixed(0)}%`).join(', ');
  console.log(`CPU during the load (100% = one core of 2): app: ${cpuLine(app)}; bare: ${cpuLine(bare)}; load average ${(await import('node:os')).loadavg()[0].toFixed(1)} (other work on the machine counts)`);
  const perSocket = (m, k) => (m.after[k] - m.before[k]) / m.count;
  const idleLine = (label, m) =>
    `${label} memory after GC before → after: RSS ${kb(m.before.rss)} → ${kb(m.after.rss)}, heap used ${kb(m.before.heapUsed)} → ${kb(m.after.heapUsed)};` +
    ` per socket RSS ${kb(perSocket(m, 'rss'))}, heap ${kb(perSocket(m, 'heapUsed'))}; connected in ${m.connectSeconds.toFixed(1)} s`;
  console.log(`idle sockets: ${idle.count} to one server process that holds no other socket (gateway 3; bare 3 for the baseline)`);
  console.log(`  app  ${idleLine('gateway 3', idle)}; 20k would be ≈ ${((perSocket(idle, 'rss') * 20_000) / 1024 ** 2).toFixed(0)} MB RSS (extrapolated, not measured)`);
  console.log(`  bare ${idleLine('bare 3', bareIdle)}`);
  const p99 = pct(app.latency, 99);
  const rss = perSocket(idle, 'rss');
  console.log(
    `goal (issue 12): p99 ≤ 30 ms → ${p99.toFixed(1)} ms ${p99 <= 30 ? 'met' : 'MISSED'}; nothing lost → ${app.lost} lost, ${app.ackErrors} refused ${app.lost + app.ackErrors === 0 ? 'met' : 'MISSED'};` +
      ` ≥ 20k idle sockets per process at ≤ 30 KB each → ${kb(rss)} RSS (${kb(perSocket(idle, 'heapUsed'))} heap) per socket ${rss <= 30 * 1024 ? 'met' : 'MISSED'} (measured with ${idle.count}, extrapolated to 20k)`,
  );
}
