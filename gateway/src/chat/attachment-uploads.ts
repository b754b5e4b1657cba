import { attachmentKey, JobName, ServerLimits } from '@aero/contracts';
import { signObjectUrl } from '@aero/ports';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

interface DeleteUnregisteredUploadJob {
  key: string;
}

/**
 * Upload addresses of chat attachments (spec §7: POST /api/objects/upload, then PUT the file).
 * They always point at the gateway's own signed `/objects/` route, whatever the object storage:
 * its body limit caps an upload at `Limits.maxUploadBytes` (an S3 presigned PUT has no size cap).
 * An upload still unregistered `ServerLimits.unregisteredUploadSeconds` later is deleted (registering
 * moves the checked copy to a key of its own), so abandoned uploads do not fill the storage.
 */
@Injectable()
export class AttachmentUploads implements OnModuleInit {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: Pick<GatewayContext, 'storage' | 'jobs' | 'secret' | 'settings'>) {}

  onModuleInit() {
    this.ctx.jobs.register<DeleteUnregisteredUploadJob>(JobName.DeleteUnregisteredUpload, ({ key }) => this.ctx.storage.delete(key));
  }

  /** a fresh address under the member's own key, valid for `ServerLimits.uploadUrlSeconds` */
  async address(uploaderId: string): Promise<string> {
    const key = attachmentKey(uploaderId, randomUUID());
    await this.ctx.jobs.enqueue<DeleteUnregisteredUploadJob>(JobName.DeleteUnregisteredUpload, { key }, { jobId: key, delayMs: ServerLimits.unregisteredUploadSeconds * 1000 });
    return signObjectUrl(this.ctx.secret, this.ctx.settings.publicUrl, key, { method: 'PUT', expiresInSeconds: ServerLimits.uploadUrlSeconds });
  }
}
