import { type AttachmentKeyRequest, attachmentKeyFrom, badRequest, ErrorCodes, Messages, type RegisterAttachmentRequest } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { AttachmentRepository } from './attachment.repository.js';

/**
 * Attachments of voice and photo messages. The gateway checks the uploaded object (size, kind
 * by its bytes, EXIF stripped) and registers it here for its uploader; a message binds it to
 * its match. Who reads it is decided with the messages: a message shows its attachment by a stable
 * address whose GET asks messaging (`attachmentOf`) each time, and only a member of the open
 * conversation gets a signed URL of a few minutes from the gateway.
 */
@Injectable()
export class AttachmentsService {
  constructor(private readonly attachments: AttachmentRepository) {}

  async register({ userId, key, messageType, size, contentType, width, height }: RegisterAttachmentRequest): Promise<{ success: true }> {
    const named = attachmentKeyFrom(key);
    if (!named || named.uploaderId !== userId || named.key !== key) throw badRequest(Messages.attachmentInvalid, ErrorCodes.attachmentInvalid);
    const photo = messageType === 'photo';
    await this.attachments.register({ key, uploaderId: userId, messageType, size, contentType, width: (photo && width) || null, height: (photo && height) || null });
    return { success: true };
  }

  /** the upload's time is up (the gateway's deletion job): forgotten unless a message carries it */
  forgetUnsent({ key }: AttachmentKeyRequest): Promise<{ sent: boolean }> {
    return this.attachments.forgetUnsent(key);
  }
}
