import { badRequest, ErrorCodes, Limits } from '@aero/contracts';
import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cleanFileName } from './file-name.js';

export interface UploadedFile {
  /** the form field it came in */
  field: string;
  /** the client's name for it, cleaned: a label for messages, never a path */
  fileName: string;
  /** its bytes; cut short when `tooLarge` */
  data: Buffer;
  /** over `Limits.maxUploadBytes` (the rest of it was never read) */
  tooLarge: boolean;
}

export interface MultipartForm {
  files: UploadedFile[];
  fields: Record<string, string>;
  /** more files than `maxFiles` were sent (the extra ones were not read) */
  tooManyFiles: boolean;
}

/**
 * Reads a multipart upload into memory within the limits registered in bootstrap.ts (each file
 * at most `Limits.maxUploadBytes`, plus one byte so "too large" can be told apart) and at most
 * `maxFiles` files. Files are buffered because every rule (size, content type, re-encoding) needs
 * the whole file; the size limit caps the memory this takes. A request that is not multipart
 * reads as an empty form; one the parser cannot read is a 400.
 */
export async function readMultipartForm(request: FastifyRequest, options: { maxFiles: number }): Promise<MultipartForm> {
  const form: MultipartForm = { files: [], fields: {}, tooManyFiles: false };
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts({ limits: { files: options.maxFiles } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // a form's empty file input arrives as a nameless, empty part: it is no file
        if (!part.filename && data.length === 0) continue;
        form.files.push({ field: part.fieldname, fileName: cleanFileName(part.filename), data, tooLarge: part.file.truncated || data.length > Limits.maxUploadBytes });
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') form.tooManyFiles = true;
    // the parser's own errors (no boundary, a body cut short, a malformed part) are the client's
    else if (typeof (err as { statusCode?: unknown }).statusCode !== 'number') throw badRequest(`Malformed multipart form: ${(err as Error).message}`, ErrorCodes.malformedForm);
    else throw err;
  }
  return form;
}

const MULTIPART = /^\s*multipart\//i;

/**
 * @fastify/multipart with the limits above, its temp-file hooks on multipart requests only. The
 * plugin adds an onRequest hook (a 'close' listener on every response) and an onResponse hook
 * (an async clean-up) to every request, for the files `saveRequestFiles` writes to disk; only a
 * multipart body can bring such files, so the other requests (nearly all) skip both.
 */
export async function registerMultipart(app: NestFastifyApplication, options: FastifyMultipartOptions) {
  const plugin = Object.assign((instance: FastifyInstance, opts: FastifyMultipartOptions, done: (err?: Error) => void) => fastifyMultipart(hooksOnMultipartOnly(instance), opts, done), {
    // the plugin's decorators and hooks belong to the whole app, as fastify-plugin would have them
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: '@fastify/multipart',
  });
  await app.register(plugin, options);
}

/** `app` as the plugin sees it: its onRequest and onResponse hooks run for multipart requests only */
function hooksOnMultipartOnly(app: FastifyInstance): FastifyInstance {
  type Hook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void> | void;
  const onMultipartOnly = (hook: Hook) =>
    function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
      if (!MULTIPART.test(request.headers['content-type'] ?? '')) return done();
      Promise.resolve(hook.call(this, request, reply)).then(() => done(), done);
    };
  return new Proxy(app, {
    get(target, key) {
      if (key === 'addHook') {
        return (name: string, hook: Hook) => (target.addHook as (name: string, hook: unknown) => FastifyInstance)(name, name === 'onRequest' || name === 'onResponse' ? onMultipartOnly(hook) : hook);
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
