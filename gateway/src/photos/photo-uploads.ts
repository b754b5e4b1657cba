import { badRequest, DomainError, ErrorCodes, Limits, Messages, photoFolder, photoObjectKey, photoUrl } from '@aero/contracts';
import type { ObjectStorage } from '@aero/ports';
import { randomUUID } from 'node:crypto';
import type { MultipartForm } from '../uploads/multipart-form.js';
import { renderPhoto, type RenderedPhoto } from './photo-images.js';
import type { UnattachedPhotos } from './unattached-photos.js';

export const PHOTOS_FIELD = 'photos';
const WEBP = 'image/webp';

/**
 * POST /api/photos: checks every file first (count, size, content), so a refused request stores
 * nothing; then renders and stores each photo under a new id and answers the app URLs that the
 * profile will hold. At most 6 a request; how many the profile ends up with (existing minus removed
 * plus new, spec §5) is the profiles service's rule when they are attached: a member with 6 uploads
 * the one that replaces another before the edit removes it. Photos not on the profile
 * `ServerLimits.unattachedPhotoSeconds` after their upload are deleted (UnattachedPhotos).
 */
export class PhotoUploads {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly unattached: Pick<UnattachedPhotos, 'uploading'>,
  ) {}

  async upload(userId: string, form: MultipartForm): Promise<{ photos: string[] }> {
    const files = form.files.filter((f) => f.field === PHOTOS_FIELD);
    if (form.tooManyFiles || form.files.length > Limits.photosPerProfile) throw badRequest(Messages.tooManyPhotosUpload, ErrorCodes.tooManyPhotos);
    if (files.length === 0 || files.length !== form.files.length) throw badRequest(`Send 1 to ${Limits.photosPerProfile} images in the field "${PHOTOS_FIELD}"`, ErrorCodes.noPhotos);
    const tooLarge = files.find((f) => f.tooLarge);
    if (tooLarge) throw new DomainError(413, ErrorCodes.tooLarge, Messages.imageTooLarge(tooLarge.fileName));

    const rendered: RenderedPhoto[] = [];
    for (const file of files) {
      const photo = await renderPhoto(file.data);
      if (photo === 'not_an_image') throw badRequest(Messages.notAnImage(file.fileName), ErrorCodes.notAnImage);
      if (photo === 'too_many_pixels') throw new DomainError(413, ErrorCodes.tooManyPixels, Messages.imageTooManyPixels(file.fileName));
      rendered.push(photo);
    }

    const photoIds = rendered.map(() => randomUUID());
    // first: whatever is stored below is deleted later unless it is on the profile by then
    await this.unattached.uploading(userId, photoIds);
    try {
      for (const [i, photo] of rendered.entries()) {
        await this.storage.put(photoObjectKey(userId, photoIds[i]!, 'display'), photo.display, WEBP);
        await this.storage.put(photoObjectKey(userId, photoIds[i]!, 'thumb'), photo.thumb, WEBP);
      }
    } catch (err) {
      // all or nothing: no half-stored upload is left behind
      await Promise.allSettled(photoIds.map((photoId) => this.storage.deletePrefix(photoFolder(userId, photoId))));
      throw err;
    }
    return { photos: photoIds.map((photoId) => photoUrl(userId, photoId)) };
  }
}
