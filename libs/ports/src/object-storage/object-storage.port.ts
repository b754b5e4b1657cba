import type { Readable } from 'node:stream';

/** What `get` returns: the bytes and the content type they were stored with. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export type SignedUrlMethod = 'GET' | 'PUT';

export interface SignedUrlOptions {
  expiresInSeconds: number;
  method: SignedUrlMethod;
  /**
   * for PUT: the content type the uploader must send (the local adapter enforces it). An S3
   * presigned PUT takes any size: the gateway hands browsers its own upload addresses instead.
   */
  contentType?: string;
}

/**
 * The object storage port (photos, voice notes, documents). Storage is private: browsers
 * read and upload only through short-lived signed URLs handed out after an access check.
 * Adapters: `LocalObjectStorage` (folder + HMAC URLs served by the gateway) and
 * `S3ObjectStorage` (MinIO/S3 presigned URLs).
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no object under `key`; `maxBytes`: an object larger than that is not read (ObjectTooLargeError) */
  get(key: string, options?: { maxBytes?: number }): Promise<StoredObject | null>;
  /** size and content type without reading the bytes; null when there is no object under `key` */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /**
   * the object's bytes as a stream, never whole in memory (`range`: from `start` to `end`, both
   * included, within the size `stat` told); null when there is no object under `key`
   */
  openStream(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** removing a missing key is not an error */
  delete(key: string): Promise<void>;
  /** removes every object whose key starts with `prefix` (e.g. `photos/<userId>/` on account deletion) */
  deletePrefix(prefix: string): Promise<void>;
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

/** Thrown by `get` for an object larger than its `maxBytes` (read no further than that). */
export class ObjectTooLargeError extends Error {
  readonly status = 413;
  constructor(key: string, maxBytes: number) {
    super(`Object ${JSON.stringify(key)} is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/** Thrown for keys that could escape the storage root or would not survive a URL. */
export class InvalidObjectKeyError extends Error {
  readonly status = 400;
  constructor(key: string) {
    super(`Invalid object key: ${JSON.stringify(key)}`);
    this.name = 'InvalidObjectKeyError';
  }
}

// One safe alphabet for every adapter: segments start with a letter or digit (so no `.`, `..`
// or hidden files), no empty segments (so no leading `/`, no `//`), nothing needing URL escapes.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/** Keys are `/`-separated segments of `[A-Za-z0-9._-]`, each starting with a letter or digit. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidObjectKeyError(key);
  if (!key.split('/').every((segment) => SEGMENT.test(segment))) throw new InvalidObjectKeyError(key);
}

/** A prefix is a key, optionally ending with `/` (a whole "folder"). */
export function assertValidPrefix(prefix: string): void {
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
