import { attachmentKeyFrom, type AttachmentAccessRequest, badRequest, Messages, type RegisterAttachmentRequest } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { AttachmentRepository } from './attachment.repository.js';

/**
 * Attachments of voice and photo messages. The gateway checks the uploaded object (size, kind
 * by its bytes, EXIF stripped) and registers it here for its uploader; a message binds it to
 * its match; from then on the match's members may read it.
 */
@Injectable()
export class AttachmentsService {
  constructor(private readonly attachments: AttachmentRepository) {}

  async register({ userId, key, messageType, size, contentType }: RegisterAttachmentRequest): Promise<{ success: true }> {
    const named = attachmentKeyFrom(key);
    if (!named || named.uploaderId !== userId || named.key !== key) throw badRequest(Messages.attachmentInvalid, 'attachment_invalid');
    await this.attachments.register({ key, uploaderId: userId, messageType, size, contentType });
    return { success: true };
  }

  async canRead({ userId, key }: AttachmentAccessRequest): Promise<{ allowed: boolean }> {
    return { allowed: await this.attachments.readableBy(key, userId) };
  }
}
