import { attachmentKeyFrom, badRequest, Messages, type RegisterAttachmentRequest } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { AttachmentRepository } from './attachment.repository.js';

/**
 * Attachments of voice and photo messages. The gateway checks the uploaded object (size, kind
 * by its bytes, EXIF stripped) and registers it here for its uploader; a message binds it to
 * its match. Who reads it is decided with the messages: only a member of the conversation lists
 * them, and the gateway gives each listed attachment a short-lived signed address.
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
}
