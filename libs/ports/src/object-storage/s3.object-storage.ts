import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { S3Settings } from '@aero/config';
import {
  assertValidKey,
  assertValidPrefix,
  type ObjectStorage,
  ObjectTooLargeError,
  type SignedUrlOptions,
  type StoredObject,
} from './object-storage.port.js';

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound']);
const isNotFound = (error: unknown) => NOT_FOUND.has((error as { code?: string }).code ?? '');
/** S3 deletes at most 1000 keys per request. */
const DELETE_BATCH = 1000;

/**
 * Distributed object storage on S3/MinIO (`S3_ENDPOINT`, `S3_ACCESS_KEY`, `S3_SECRET_KEY`,
 * `S3_BUCKET`). The bucket is private; browsers use presigned URLs, signed for `S3_PUBLIC_URL`
 * when browsers reach the store at another address than the services do (a signature covers the
 * host). Path-style addressing, as MinIO expects.
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: Client;
  /** signs the URLs browsers use (no request is made: the region is fixed) */
  private readonly signer: Client;
  private readonly bucket: string;
  private bucketReady?: Promise<void>;

  constructor(settings: S3Settings, options: { region?: string } = {}) {
    const clientAt = (url: string) => {
      const endpoint = new URL(url);
      return new Client({
        endPoint: endpoint.hostname,
        port: endpoint.port ? Number(endpoint.port) : undefined,
        useSSL: endpoint.protocol === 'https:',
        accessKey: settings.accessKey,
        secretKey: settings.secretKey,
        // A fixed region spares a region lookup request before every first call.
        region: options.region ?? 'us-east-1',
        pathStyle: true,
      });
    };
    this.client = clientAt(settings.endpoint);
    this.signer = settings.publicUrl === settings.endpoint ? this.client : clientAt(settings.publicUrl);
    this.bucket = settings.bucket;
  }

  /** Creates the bucket on first use (once per process), so a fresh MinIO needs no setup step. */
  private ready(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      try {
        await this.client.makeBucket(this.bucket);
      } catch (error) {
        // Another process created it between our check and our create.
        const code = (error as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
      }
    })().catch((error: unknown) => {
      this.bucketReady = undefined; // let the next call try again (e.g. MinIO was still starting)
      throw error;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.ready();
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async get(key: string, { maxBytes = Infinity }: { maxBytes?: number } = {}): Promise<StoredObject | null> {
    assertValidKey(key);
    await this.ready();
    try {
      const stat = await this.client.statObject(this.bucket, key);
      if (stat.size > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
      const stream = await this.client.getObject(this.bucket, key);
      const chunks: Buffer[] = [];
      let read = 0;
      // the object may have been replaced by a larger one since its size was read: never more than maxBytes in memory
      for await (const chunk of stream) {
        read += (chunk as Buffer).length;
        if (read > maxBytes) {
          stream.destroy();
          throw new ObjectTooLargeError(key, maxBytes);
        }
        chunks.push(chunk as Buffer);
      }
      const contentType = (stat.metaData['content-type'] as string | undefined) ?? 'application/octet-stream';
      return { body: Buffer.concat(chunks), contentType };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number; contentType: string } | null> {
    assertValidKey(key);
    await this.ready();
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return { size: stat.size, contentType: (stat.metaData['content-type'] as string | undefined) ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async openStream(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    assertValidKey(key);
    await this.ready();
    try {
      return range ? await this.client.getPartialObject(this.bucket, key, range.start, range.end - range.start + 1) : await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.ready();
    await this.client.removeObject(this.bucket, key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await this.ready();
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      if (item.name) keys.push(item.name);
    }
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      await this.client.removeObjects(this.bucket, keys.slice(i, i + DELETE_BATCH));
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertValidKey(key);
    await this.ready();
    // S3 binds the content type of an upload only if it is a signed header, which presigned PUT
    // URLs of the minio client do not do: the uploader sends `options.contentType` and S3 stores it.
    return options.method === 'GET'
      ? this.signer.presignedGetObject(this.bucket, key, options.expiresInSeconds)
      : this.signer.presignedPutObject(this.bucket, key, options.expiresInSeconds);
  }
}
