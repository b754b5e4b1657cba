import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { uniqueName } from '@aero/testing';
import { LocalObjectStorage } from '../src/object-storage/local.object-storage.js';
import { objectStorageContract } from '../src/object-storage/object-storage.contract.js';
import { S3ObjectStorage } from '../src/object-storage/s3.object-storage.js';
import { handleSignedObjectRequest } from '../src/object-storage/signed-object-request.js';

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

objectStorageContract(
  'LocalObjectStorage (served like the gateway serves /objects/*)',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aero-objects-'));
    const secret = 'contract-test-secret';
    // A plain HTTP server standing in for the gateway route: same handler, no framework.
    // (`storage` is created once the port is known; requests only come after that.)
    const server = createServer(async (request, response) => {
      const answer = await handleSignedObjectRequest(storage, secret, {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        range: request.headers.range,
        contentType: request.headers['content-type'],
        body: request.method === 'PUT' ? await readBody(request) : undefined,
      });
      response.writeHead(answer.status, answer.headers);
      if (answer.body instanceof Readable) answer.body.pipe(response);
      else response.end(answer.body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const storage = new LocalObjectStorage({ root: join(dir, 'objects'), publicUrl: `http://127.0.0.1:${port}`, secret });
    return {
      storage,
      cleanup: async () => {
        server.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  { checksSignatures: true },
);

objectStorageContract(
  'S3ObjectStorage (against s3rver)',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aero-s3rver-'));
    const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await s3rver.run();
    // The adapter creates its (uniquely named) bucket on first use.
    const storage = new S3ObjectStorage({
      endpoint: `http://127.0.0.1:${port}`,
      publicUrl: `http://127.0.0.1:${port}`,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      bucket: uniqueName('aero').toLowerCase().replace(/_/g, '-'),
    });
    return {
      storage,
      cleanup: async () => {
        await new Promise<void>((resolve) => s3rver.close(() => resolve()));
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  { checksSignatures: false },
);

describe('S3ObjectStorage where browsers reach the store at another address (S3_PUBLIC_URL)', () => {
  it('signs the URLs it hands out for that address, and stores through its own', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aero-s3rver-'));
    const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await s3rver.run();
    try {
      const storage = new S3ObjectStorage({
        endpoint: `http://127.0.0.1:${port}`,
        publicUrl: `http://localhost:${port}`,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucket: uniqueName('aero').toLowerCase().replace(/_/g, '-'),
      });
      await storage.put('photos/a/b.webp', Buffer.from('pixels'), 'image/webp');
      for (const method of ['GET', 'PUT'] as const) {
        const url = new URL(await storage.signedUrl('photos/a/b.webp', { method, expiresInSeconds: 60 }));
        expect([method, url.host]).toEqual([method, `localhost:${port}`]);
        expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      }
      const read = await fetch(await storage.signedUrl('photos/a/b.webp', { method: 'GET', expiresInSeconds: 60 }));
      expect(await read.text()).toBe('pixels');
    } finally {
      await new Promise<void>((resolve) => s3rver.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
