import { type AttachmentType, badRequest, checkedAttachmentKey, detectFileType, ErrorCodes, Limits, Messages, notFound } from '@aero/contracts';
import { type ObjectStorage, ObjectTooLargeError } from '@aero/ports';
import { parseBuffer } from 'music-metadata';
import { photoSize, renderPhoto } from '../photos/photo-images.js';

const AUDIO_TYPES = { webm: 'audio/webm', ogg: 'audio/ogg', mp4: 'audio/mp4' } as const;

/** the file is not the kind it was registered as: not an image for a photo, not WebM, Ogg or MP4 audio for a voice clip */
const notOfKind = (kind: AttachmentType) => (kind === 'photo' ? badRequest(Messages.chatImageOnly, ErrorCodes.notAnImage) : badRequest(Messages.voiceFormat, ErrorCodes.notAudio));

/**
 * Checks an uploaded attachment before it may be sent: it exists, fits the limit, and is what
 * it claims by its bytes. A photo is re-encoded (upright, WebP, no EXIF/GPS or other metadata);
 * a voice clip must be WebM, Ogg or MP4 audio and gets that type. The checked file is stored under
 * its own key (`checkedAttachmentKey`), the only one ever served, and the upload is removed; a
 * second check of the same upload answers the first one's result (a retried request), whatever
 * was put at the upload address since. Answers what the stored object is (a photo's pixels too).
 */
export async function checkAttachment(storage: ObjectStorage, key: string, kind: AttachmentType): Promise<CheckedAttachment> {
  const checkedKey = checkedAttachmentKey(key);
  const checked = await storage.stat(checkedKey);
  if (checked) {
    // registered again (a retried request): the same kind only
    if (kind === 'photo' ? checked.contentType !== 'image/webp' : !checked.contentType.startsWith('audio/')) throw notOfKind(kind);
    const { size, contentType } = checked;
    if (kind === 'voice') return { size, contentType };
    const stored = await storage.get(checkedKey, { maxBytes: size });
    return { size, contentType, ...(stored && (await photoSize(stored.body))) };
  }
  // never more than the limit read into memory (the upload address may be written again meanwhile)
  const stored = await storage.get(key, { maxBytes: Limits.maxUploadBytes }).catch(async (error: unknown) => {
    if (!(error instanceof ObjectTooLargeError)) throw error;
    await storage.delete(key);
    throw badRequest(Messages.chatFileTooLarge, ErrorCodes.fileTooLarge);
  });
  if (!stored || stored.body.length === 0) throw notFound(Messages.attachmentInvalid);
  const { body, ...file } = await checkedFile(stored.body, kind);
  await storage.put(checkedKey, body, file.contentType);
  await storage.delete(key);
  return { size: body.length, ...file };
}

/** what a checked attachment is as stored: its bytes, its type and, of a photo, its pixels */
export interface CheckedAttachment {
  size: number;
  contentType: string;
  width?: number;
  height?: number;
}

async function checkedFile(upload: Buffer, kind: AttachmentType): Promise<Omit<CheckedAttachment, 'size'> & { body: Buffer }> {
  if (kind === 'photo') {
    const photo = await renderPhoto(upload);
    if (photo === 'not_an_image') throw notOfKind(kind);
    if (photo === 'too_many_pixels') throw badRequest(Messages.imageTooManyPixels('Photo'), ErrorCodes.tooManyPixels);
    return { body: photo.display, contentType: 'image/webp', width: photo.width, height: photo.height };
  }
  const type = detectFileType(upload);
  if (type.kind !== 'audio' || !(await soundOnly(upload, AUDIO_TYPES[type.format]))) throw notOfKind(kind);
  return { body: upload, contentType: AUDIO_TYPES[type.format] };
}

/**
 * Whether a voice clip is sound alone: its first bytes name an audio container, but MP4 and WebM
 * hold video as well, and a clip is stored and served as it came (photos are re-encoded; clips are
 * not). Its tracks are read (music-metadata): one with a video track, or one the reader cannot make
 * sense of, is not a voice clip. (Whether there is sound is not asked: the reader does not say so
 * of Ogg Opus, which Firefox records.)
 */
async function soundOnly(upload: Buffer, mimeType: string): Promise<boolean> {
  try {
    const { format } = await parseBuffer(upload, { mimeType, size: upload.length }, { skipCovers: true, duration: false });
    return format.hasVideo !== true;
  } catch {
    return false;
  }
}
