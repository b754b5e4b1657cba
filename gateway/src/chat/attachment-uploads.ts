import { attachmentKey, checkedAttachmentKey, JobName, Rpc, ServerLimits } from '@aero/contracts';
import { signObjectUrl } from '@aero/ports';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

interface DeleteUnsentUploadJob {
  key: string;
}

/**
 * Upload addresses of chat attachments (spec §7: POST /api/objects/upload, then PUT the file).
 * They always point at the gateway's own signed `/objects/` route, whatever the object storage:
 * its body limit caps an upload at `Limits.maxUploadBytes` (an S3 presigned PUT has no size cap).
 * An upload no message carries `ServerLimits.unsentUploadSeconds` after its address is deleted, with
 * its checked copy (registering stores it under a key of its own) and its registration, so neither
 * abandoned uploads nor attachments registered and never sent fill the storage.
 */
@Injectable()
export class AttachmentUploads implements OnModuleInit {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: Pick<GatewayContext, 'storage' | 'jobs' | 'secret' | 'settings' | 'rpc'>) {}

  onModuleInit() {
    this.ctx.jobs.register<DeleteUnsentUploadJob>(JobName.DeleteUnsentUpload, ({ key }) => this.deleteUnsent(key));
  }

  /** a fresh address under the member's own key, valid for `ServerLimits.uploadUrlSeconds` */
  async address(uploaderId: string): Promise<string> {
    const key = attachmentKey(uploaderId, randomUUID());
    // a messaging service that does not answer is tried again, the waits doubling from 30 s, for
    // about 17 hours (as for unattached photos): nothing carried by a message is deleted unasked
    await this.ctx.jobs.enqueue<DeleteUnsentUploadJob>(JobName.DeleteUnsentUpload, { key }, { jobId: key, delayMs: ServerLimits.unsentUploadSeconds * 1000, attempts: 12, backoffMs: 30_000 });
    return signObjectUrl(this.ctx.secret, this.ctx.settings.publicUrl, key, { method: 'PUT', expiresInSeconds: ServerLimits.uploadUrlSeconds });
  }

  /**
   * the upload first (nothing new is registered from it after), then the registration and the
   * checked copy unless a message carries them. A registration of the same upload at that very
   * moment, an hour after its address (the app registers right after uploading), can outlast the
   * deletion: a registration row or checked copy left, or a row whose copy is gone (its sender's own)
   */
  private async deleteUnsent(key: string) {
    await this.ctx.storage.delete(key);
    const { sent } = await this.ctx.rpc.send(Rpc.messaging.forgetUnsentAttachment, { key });
    if (!sent) await this.ctx.storage.delete(checkedAttachmentKey(key));
  }
}
