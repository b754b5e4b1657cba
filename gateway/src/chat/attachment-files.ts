import { type AttachmentType, Limits, Messages } from '@aero/contracts';
import type { ObjectStorage } from '@aero/ports';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { renderPhoto } from '../photos/photo-images.js';
import { detectFileType } from '../uploads/file-type.js';

const AUDIO_TYPES = { webm: 'audio/webm', ogg: 'audio/ogg', mp4: 'audio/mp4' } as const;

/**
 * Checks an uploaded attachment before it may be sent: it exists, fits the limit, and is what
 * it claims by its bytes. A photo is re-encoded (upright, WebP, no EXIF/GPS or other metadata)
 * and stored back under its key; a voice clip must be WebM, Ogg or MP4 audio and gets that type.
 * Answers what the stored object now is.
 */
export async function checkAttachment(storage: ObjectStorage, key: string, kind: AttachmentType): Promise<{ size: number; contentType: string }> {
  const stat = await storage.stat(key);
  if (!stat) throw new NotFoundException(Messages.attachmentInvalid);
  if (stat.size > Limits.maxUploadBytes) {
    await storage.delete(key);
    throw new BadRequestException(Messages.chatFileTooLarge);
  }
  const stored = await storage.get(key);
  if (!stored || stored.body.length === 0) throw new NotFoundException(Messages.attachmentInvalid);
  if (kind === 'photo') {
    const photo = await renderPhoto(stored.body);
    if (photo === 'not_an_image') throw new BadRequestException(Messages.chatImageOnly);
    if (photo === 'too_many_pixels') throw new BadRequestException(Messages.imageTooManyPixels('Photo'));
    await storage.put(key, photo.display, 'image/webp');
    return { size: photo.display.length, contentType: 'image/webp' };
  }
  const type = detectFileType(stored.body);
  if (type.kind !== 'audio') throw new BadRequestException(Messages.voiceFormat);
  const contentType = AUDIO_TYPES[type.format];
  if (stored.contentType !== contentType) await storage.put(key, stored.body, contentType);
  return { size: stored.body.length, contentType };
}
