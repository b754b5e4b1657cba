import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { signObjectUrl } from './local-signed-url.js';
import {
  assertValidKey,
  assertValidPrefix,
  type ObjectStorage,
  ObjectTooLargeError,
  type SignedUrlOptions,
  type StoredObject,
} from './object-storage.port.js';

export interface LocalObjectStorageOptions {
  /** folder holding the objects, usually `<dataDir>/objects` */
  root: string;
  /** base of signed URLs, usually PUBLIC_URL (the gateway serves `/objects/*`) */
  publicUrl: string;
  /** HMAC key of signed URLs; the gateway verifies with the same secret */
  secret: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Missing file, or a path component that is a file/folder where the other was expected. */
const isAbsent = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR', 'ERR_FS_EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Single-node object storage: one file per key under `root`, its content type in a hidden file
 * beside it (`.name.content-type`). Valid keys never start a segment with `.`, so the hidden files
 * and temporary files can never collide with a key.
 */
export class LocalObjectStorage implements ObjectStorage {
  constructor(private readonly options: LocalObjectStorageOptions) {}

  private path(key: string) {
    assertValidKey(key);
    return join(this.options.root, ...key.split('/'));
  }

  private static metaPath(path: string) {
    return join(dirname(path), `.${basename(path)}.content-type`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write to temporary files and rename, so a concurrent `get` never sees half an object.
    const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(`${tmp}.ct`, contentType || DEFAULT_CONTENT_TYPE);
    await writeFile(tmp, body);
    await rename(`${tmp}.ct`, LocalObjectStorage.metaPath(path));
    await rename(tmp, path);
  }

  async get(key: string, { maxBytes = Infinity }: { maxBytes?: number } = {}): Promise<StoredObject | null> {
    const path = this.path(key);
    let body: Buffer;
    try {
      // an object is replaced by a rename (put): the size read here is the size of what is read
      const handle = await open(path, 'r');
      try {
        if ((await handle.stat()).size > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
        body = await handle.readFile();
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    const contentType = await readFile(LocalObjectStorage.metaPath(path), 'utf8').catch(() => DEFAULT_CONTENT_TYPE);
    return { body, contentType };
  }

  async stat(key: string): Promise<{ size: number; contentType: string } | null> {
    const path = this.path(key);
    try {
      const { size, isFile } = await stat(path).then((st) => ({ size: st.size, isFile: st.isFile() }));
      if (!isFile) return null;
      const contentType = await readFile(LocalObjectStorage.metaPath(path), 'utf8').catch(() => DEFAULT_CONTENT_TYPE);
      return { size, contentType };
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }

  async openStream(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const path = this.path(key);
    try {
      // the file opened now is the one streamed, even if a put replaces it meanwhile (a rename)
      const handle = await open(path, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await Promise.all([path, LocalObjectStorage.metaPath(path)].map((p) => rm(p, { force: true }).catch(ignoreAbsent)));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    if (prefix.endsWith('/')) {
      // A whole folder: remove it in one go.
      await rm(join(this.options.root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true }).catch(ignoreAbsent);
      return;
    }
    // A partial name (`photos/u1/abc` matches `photos/u1/abc.jpg` and `photos/u1/abcd/x`): same
    // meaning as S3, so walk the folder holding the last segment and compare whole keys.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    for (const key of await this.keysUnder(folder)) {
      if (key.startsWith(prefix)) await this.delete(key);
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    return signObjectUrl(this.options.secret, this.options.publicUrl, key, options);
  }

  /** Every key stored below `folder` ('' = everything). */
  private async keysUnder(folder: string): Promise<string[]> {
    const dir = folder ? join(this.options.root, ...folder.split('/')) : this.options.root;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isAbsent(error)) return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // content types and temporary files
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) keys.push(...(await this.keysUnder(key)));
      else keys.push(key);
    }
    return keys;
  }
}

function ignoreAbsent(error: unknown) {
  if (!isAbsent(error)) throw error;
}
