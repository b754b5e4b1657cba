import { badRequest, ErrorCodes, notFound, parsePhotoUrl, photoObjectKey, photoUrl, type PhotoVariant, ServerLimits } from '@aero/contracts';
import type { ObjectStorage } from '@aero/ports';

/** a photo found once is taken as there as long as a URL signed for it works */
const KNOWN_TTL_MS = ServerLimits.signedUrlSeconds * 1000;
const KNOWN_MAX = 20_000;

/**
 * GET /api/photos/:userId/:photoId: turns a photo's app URL into a short-lived signed URL of the
 * stored object, once the object is known to exist (a stat: no bytes read). A key found once is
 * remembered for a few minutes (photos never change under their id; a deleted one then fails at
 * the signed URL).
 */
export class PhotoLinks {
  private readonly known = new Map<string, number>();

  constructor(private readonly storage: ObjectStorage) {}

  async signedUrl(userId: string, photoId: string, size: string | undefined): Promise<string> {
    if (!parsePhotoUrl(photoUrl(userId, photoId))) throw badRequest('Invalid photo id', ErrorCodes.badPhotoId);
    if (size !== undefined && size !== 'thumb' && size !== 'display') throw badRequest('size is thumb or display', ErrorCodes.badSize);
    const variant: PhotoVariant = size === 'thumb' ? 'thumb' : 'display';
    const key = photoObjectKey(userId, photoId, variant);
    if (!(await this.exists(key))) throw notFound('Photo not found', ErrorCodes.photoNotFound);
    return this.storage.signedUrl(key, { method: 'GET', expiresInSeconds: ServerLimits.signedUrlSeconds });
  }

  private async exists(key: string): Promise<boolean> {
    const now = Date.now();
    const until = this.known.get(key);
    if (until && until > now) return true;
    if (!(await this.storage.stat(key))) return false;
    if (this.known.size >= KNOWN_MAX) this.known.delete(this.known.keys().next().value!);
    this.known.delete(key);
    this.known.set(key, now + KNOWN_TTL_MS);
    return true;
  }
}
