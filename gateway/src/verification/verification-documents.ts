import { badRequest, detectFileType, type DocumentImageFormat, documentObjectKey, DomainError, ErrorCodes, forbidden, isDocumentImageFormat, Messages, Rpc, type VerificationStatusView } from '@aero/contracts';
import type { RpcClient } from '@aero/common';
import type { ObjectStorage } from '@aero/ports';
import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '../photos/photo-images.js';
import type { MultipartForm } from '../uploads/multipart-form.js';

/** the form field the document comes in (the web app's upload and the API description) */
export const DOCUMENT_FIELD = 'document';

interface StorableDocument {
  body: Buffer;
  contentType: string;
  extension: string;
}

/** how each of contracts' DOCUMENT_IMAGE_FORMATS is stored */
const DOCUMENT_IMAGES: Record<DocumentImageFormat, { contentType: string; extension: string; encode: (s: Sharp) => Sharp }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', encode: (s: Sharp) => s.jpeg({ quality: 92 }) },
  png: { contentType: 'image/png', extension: 'png', encode: (s: Sharp) => s.png() },
  gif: { contentType: 'image/gif', extension: 'gif', encode: (s: Sharp) => s.gif() },
  webp: { contentType: 'image/webp', extension: 'webp', encode: (s: Sharp) => s.webp({ quality: 92 }) },
};

/**
 * POST /api/verification: one employment document (PDF, or a JPEG/PNG/GIF/WebP image) per
 * request, checked by content. Images are re-encoded in their own format, upright and without
 * metadata; PDFs are stored as sent. The object is private (`documents/<userId>/<id>.<ext>`);
 * the profiles service records it as pending. If it refuses, the object is removed again.
 */
export class VerificationDocuments {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
  ) {}

  async submit(userId: string, form: MultipartForm): Promise<{ status: string }> {
    if (form.fields.userId !== undefined && form.fields.userId !== userId) throw forbidden('You can only submit a document for yourself');
    if (form.tooManyFiles || form.files.length > 1) throw badRequest(Messages.documentMultiple, ErrorCodes.multipleFiles);
    const file = form.files[0];
    if (!file || file.field !== DOCUMENT_FIELD) throw badRequest(Messages.documentMissing, ErrorCodes.noFile);
    if (file.tooLarge) throw new DomainError(413, ErrorCodes.tooLarge, Messages.documentTooLarge);
    if (file.data.length === 0) throw badRequest(Messages.documentEmpty, ErrorCodes.emptyFile);

    const document = await toStorable(file.data, file.fileName);
    const documentId = randomUUID();
    const objectKey = documentObjectKey(userId, documentId, document.extension);
    await this.storage.put(objectKey, document.body, document.contentType);
    try {
      return await this.rpc.send(Rpc.profiles.submitDocument, { userId, documentId, objectKey, fileName: file.fileName, contentType: document.contentType });
    } catch (err) {
      await this.storage.delete(objectKey).catch(() => undefined);
      throw err;
    }
  }

  /** what the member is shown of their review (how it counts for paying stays inside) */
  async status(userId: string): Promise<VerificationStatusView> {
    const { status } = await this.rpc.send(Rpc.profiles.verificationStatus, { userId });
    return { status };
  }
}

async function toStorable(data: Buffer, fileName: string): Promise<StorableDocument> {
  const type = detectFileType(data);
  if (type.kind === 'pdf') return { body: data, contentType: 'application/pdf', extension: 'pdf' };
  // neither a PDF nor an image: the web app's own text for it (spec §5 names none)
  if (type.kind !== 'image') throw badRequest(Messages.documentEmpty, ErrorCodes.unsupportedFileType);
  if (!isDocumentImageFormat(type.format)) throw badRequest(Messages.documentImageFormat, ErrorCodes.unsupportedImageFormat);
  const target = DOCUMENT_IMAGES[type.format];
  const pixels = await sharp(data)
    .metadata()
    .then(({ width = 0, height = 0 }) => width * height)
    .catch(() => 0);
  // as for photos: read from the header, before any decoding
  if (pixels > MAX_INPUT_PIXELS) throw new DomainError(413, ErrorCodes.tooManyPixels, Messages.imageTooManyPixels(fileName));
  try {
    // animated: all frames of a GIF/WebP are kept; only orientation is applied and metadata dropped
    const body = await target.encode(sharp(data, { animated: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()).toBuffer();
    return { body, contentType: target.contentType, extension: target.extension };
  } catch {
    // the right magic bytes but no decodable image behind them
    throw badRequest(Messages.documentEmpty, ErrorCodes.invalidFile);
  }
}
