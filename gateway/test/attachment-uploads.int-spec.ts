import { attachmentKeyFrom, checkedAttachmentKey, JobName, Limits, Messages } from '@aero/contracts';
import { S3ObjectStorage } from '@aero/ports';
import { eventually, uniqueName } from '@aero/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GATEWAY_CONTEXT, type GatewayContext } from '../src/gateway.context.js';
import { createMember, matchedPair } from './support/members.js';
import { VOICE_WEBM } from './support/recordings.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * Chat attachments with S3 object storage (s3rver standing in): the upload address is the
 * gateway's own, so an upload is capped at the attachment limit (an S3 presigned PUT would take
 * any size), and the file still lands in S3 and is read from there.
 */
describe('attachment uploads with S3 storage', () => {
  let s3rver: S3rver;
  let dir: string;
  let s3: S3ObjectStorage;
  let gw: TestGateway;
  let s3Endpoint: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aero-s3rver-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await s3rver.run();
    const settings = { endpoint: `http://127.0.0.1:${port}`, publicUrl: `http://127.0.0.1:${port}`, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: uniqueName('aero').toLowerCase().replace(/_/g, '-') };
    s3Endpoint = settings.endpoint;
    s3 = new S3ObjectStorage(settings);
    gw = await startTestGateway('single-node', { S3_ENDPOINT: settings.endpoint, S3_ACCESS_KEY: settings.accessKey, S3_SECRET_KEY: settings.secretKey, S3_BUCKET: settings.bucket });
  });
  afterAll(async () => {
    await gw?.close();
    await new Promise<void>((resolve) => s3rver?.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it('takes uploads through the gateway up to the limit, stores them in S3 and serves them from there', async () => {
    const { ana, ben, matchId } = await matchedPair(gw.base);
    const address = async () => (await ana.api.post('/api/objects/upload')).body.uploadURL as string;

    // too big: refused before anything reaches S3
    const big = await address();
    expect(big.startsWith(`${gw.base}/objects/attachments/${ana.id}/`)).toBe(true);
    expect((await fetch(big, { method: 'PUT', body: Buffer.alloc(Limits.maxUploadBytes + 1), headers: { 'content-type': 'audio/webm' } })).status).toBe(413);
    expect(await s3.stat(attachmentKeyFrom(big)!.key)).toBeNull();

    // within the limit: stored in S3, registered, sent, and read through an S3 address
    const voice = await address();
    expect((await fetch(voice, { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } })).status).toBe(204);
    expect(await s3.stat(attachmentKeyFrom(voice)!.key)).toMatchObject({ size: VOICE_WEBM.length });
    expect((await ana.api.put('/api/message-attachments', { attachmentUrl: voice, messageType: 'voice' })).status).toBe(200);
    expect(await s3.stat(checkedAttachmentKey(attachmentKeyFrom(voice)!.key))).toMatchObject({ contentType: 'audio/webm' });
    const sent = await ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'voice', attachmentUrl: voice, attachmentDuration: 2 });
    expect(sent.status).toBe(201);
    const [message] = (await ben.api.get(`/api/matches/${matchId}/messages`)).body as { attachmentUrl: string }[];
    // its address redirects Ben to a presigned S3 URL of a few minutes
    const opened = await fetch(`${gw.base}${message!.attachmentUrl}`, { redirect: 'manual', headers: { cookie: ben.api.cookie } });
    expect(opened.status).toBe(302);
    const signed = new URL(opened.headers.get('location')!);
    expect(signed.origin).toBe(new URL(s3Endpoint).origin);
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(5 * 60);
    expect(Buffer.from(await (await fetch(signed)).arrayBuffer())).toEqual(VOICE_WEBM);

    // the gateway's object route only takes uploads here: reads are S3's
    const forged = voice.replace('method=PUT', 'method=GET');
    expect((await fetch(forged)).status).toBe(404);
  });
});

/**
 * Chat uploads share the bounds of photos and documents (UploadSlots): a member's attachment PUTs
 * go one at a time, each taken before its body is read, and a forged address is refused at once.
 */
describe('attachment uploads in flight', () => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway('single-node')));
  afterAll(() => gw?.close());

  /** a PUT whose body stops halfway until `finish()` */
  function stalledPut(url: string, data: Buffer) {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(data.subarray(0, data.length / 2)));
        await finished;
        controller.enqueue(new Uint8Array(data.subarray(data.length / 2)));
        controller.close();
      },
    });
    const response = fetch(url, { method: 'PUT', body, duplex: 'half', headers: { 'content-type': 'audio/webm' } } as RequestInit).then((res) => res.status);
    return { response, finish };
  }

  it("takes one of a member's attachment uploads at a time, before its body is read, and refuses a forged address at once", async () => {
    const { ana, ben } = await matchedPair(gw.base);
    const address = async (m: typeof ana) => (await m.api.post('/api/objects/upload')).body.uploadURL as string;
    const lock = () => gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).kv.get(`upload-lock:${ana.id}`);
    const first = stalledPut(await address(ana), VOICE_WEBM);
    await eventually(() => lock(), 10_000, "Ana's upload to be in flight");

    // Ana's other addresses, written at the same time: 429, nothing stored
    const second = await address(ana);
    const refused = await fetch(second, { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } });
    expect(refused.status).toBe(429);
    // the gateway's error body, as from any route
    expect(await refused.json()).toEqual({ statusCode: 429, code: 'upload_in_progress', message: Messages.uploadInProgress });
    // Ben is not held up; a forged signature gets 403 without waiting for anything
    expect((await fetch(await address(ben), { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } })).status).toBe(204);
    const forged = await fetch(second.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`), { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });

    first.finish();
    expect(await first.response).toBe(204);
    // given back before the answer: the next upload right after it goes through
    expect(await lock()).toBeNull();
    expect((await fetch(second, { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } })).status).toBe(204);
    expect((await ana.api.put('/api/message-attachments', { attachmentUrl: second, messageType: 'voice' })).status).toBe(200);
    expect(await lock()).toBeNull();
  });
});

/**
 * An upload's deletion, when its time comes (`ServerLimits.unsentUploadSeconds`; run here at once
 * through the gateway's own queue): whatever no message carries goes, registered or not, and a
 * sent attachment stays.
 */
describe.each(GATEWAY_MODES)('attachment uploads no message carries (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  beforeAll(async () => (gw = await startTestGateway(mode, { DEMO_SEED: 'false' })));
  afterAll(() => gw?.close());

  it('deletes an upload never registered and one registered but never sent, with its registration, and keeps a sent one', async () => {
    const { ana, ben, matchId } = await matchedPair(gw.base);
    const ctx = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT);
    const upload = async (register: boolean) => {
      const url = (await ana.api.post('/api/objects/upload')).body.uploadURL as string;
      expect((await fetch(url, { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } })).status).toBe(204);
      if (register) expect((await ana.api.put('/api/message-attachments', { attachmentUrl: url, messageType: 'voice' })).status).toBe(200);
      return { url, key: attachmentKeyFrom(url)!.key };
    };
    const abandoned = await upload(false);
    const unsent = await upload(true);
    const sent = await upload(true);
    const voice = (url: string) => ana.api.post(`/api/matches/${matchId}/messages`, { content: '', messageType: 'voice', attachmentUrl: url, attachmentDuration: 2 });
    expect((await voice(sent.url)).status).toBe(201);

    for (const { key } of [abandoned, unsent, sent]) await ctx.jobs.enqueue(JobName.DeleteUnsentUpload, { key }, { jobId: `now-${key}` });
    await eventually(async () => !(await ctx.storage.stat(checkedAttachmentKey(unsent.key))), 10_000, 'the unsent attachment to be deleted');
    await eventually(async () => !(await ctx.storage.stat(abandoned.key)), 10_000, 'the abandoned upload to be deleted');

    // forgotten: it can neither be registered again nor sent
    expect((await ana.api.put('/api/message-attachments', { attachmentUrl: unsent.url, messageType: 'voice' })).status).toBe(404);
    expect((await voice(unsent.url)).body).toMatchObject({ statusCode: 400, code: 'attachment_invalid' });
    // the sent one is still there for Ben, from its stable address
    await eventually(async () => (await ctx.jobs.depth!()).every((d) => d.queue !== JobName.DeleteUnsentUpload || d.waiting + d.active === 0), 10_000, 'the deletions to be done');
    const [message] = (await ben.api.get(`/api/matches/${matchId}/messages`)).body as { attachmentUrl: string }[];
    const opened = await fetch(`${gw.base}${message!.attachmentUrl}`, { headers: { cookie: ben.api.cookie } });
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(VOICE_WEBM);
  });
});

/** single-node: the in-process queue keeps its delayed jobs in the data folder, so a restart does not drop an upload's deletion */
describe('attachment uploads across a single-node restart', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('single-node');
  });
  afterAll(() => gw?.close());

  /** the deletions of unregistered uploads waiting for their time in the running gateway */
  const waitingDeletions = async () => (await gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).jobs.depth!()).find((d) => d.queue === JobName.DeleteUnsentUpload)?.delayed ?? 0;

  it('still deletes an upload never registered: its deletion, an hour away, outlives a restart', async () => {
    const ana = await createMember(gw.base, 'Ana', 'female');
    const uploadURL = (await ana.api.post('/api/objects/upload')).body.uploadURL as string;
    expect((await fetch(uploadURL, { method: 'PUT', body: VOICE_WEBM, headers: { 'content-type': 'audio/webm' } })).ok).toBe(true);
    expect(await waitingDeletions()).toBe(1);
    await gw.stop();
    await gw.restart();
    expect(await waitingDeletions()).toBe(1);
  });
});
