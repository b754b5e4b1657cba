import { Limits } from '@aero/contracts';
import type { FastifyRequest } from 'fastify';
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
 * reads as an empty form.
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
    if ((err as { code?: string }).code !== 'FST_FILES_LIMIT') throw err;
    form.tooManyFiles = true;
  }
  return form;
}
