import { JobName, parsePhotoUrl, photoFolder, Rpc, ServerLimits } from '@aero/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

interface DeleteUnattachedPhotosJob {
  userId: string;
  photoIds: string[];
}


/**
 * Photos uploaded (POST /api/photos) but never put on the member's profile. The upload counts
 * against the profile's 6 only once they are on it, so without this a member (one without a
 * profile above all) could store photos without end. Every upload enqueues a delayed job on the
 * gateway's queue that, `ServerLimits.unattachedPhotoSeconds` later, deletes those of its photos that
 * the profile does not list then. The app attaches photos right after uploading them (POST
 * /api/users at registration, the profile edit's PATCH), so an hour is far more than it needs;
 * a photo taken off the profile later is deleted by the profiles service with that edit.
 */
@Injectable()
export class UnattachedPhotos implements OnModuleInit {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: Pick<GatewayContext, 'storage' | 'jobs' | 'rpc'>) {}

  onModuleInit() {
    this.ctx.jobs.register<DeleteUnattachedPhotosJob>(JobName.DeleteUnattachedPhotos, (job) => this.deleteUnattached(job));
  }

  /**
   * Before the photos are stored: their deletion unless attached in time. A failure here fails
   * the upload, so no photo is ever stored without it.
   */
  async uploading(userId: string, photoIds: string[]): Promise<void> {
    if (!photoIds.length) return;
    await this.ctx.jobs.enqueue<DeleteUnattachedPhotosJob>(
      JobName.DeleteUnattachedPhotos,
      { userId, photoIds },
      // a profile service that does not answer is tried again, the waits doubling from 30 s, for
      // about 17 hours (an outage longer than that keeps the photos): nothing is deleted unasked
      { jobId: `${userId}/${photoIds[0]}`, delayMs: ServerLimits.unattachedPhotoSeconds * 1000, attempts: 12, backoffMs: 30_000 },
    );
  }

  /** deletes the photos the member's profile does not list (all of them without a profile); an unanswered profile call deletes nothing (the job is retried) */
  private async deleteUnattached({ userId, photoIds }: DeleteUnattachedPhotosJob): Promise<void> {
    const profile = await this.ctx.rpc.send(Rpc.profiles.get, { userId });
    const attached = new Set((profile?.photos ?? []).map((url) => parsePhotoUrl(url)).filter((p) => p?.userId === userId).map((p) => p!.photoId));
    for (const photoId of photoIds) {
      if (!attached.has(photoId)) await this.ctx.storage.deletePrefix(photoFolder(userId, photoId));
    }
  }
}
