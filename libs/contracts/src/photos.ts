/**
 * Photos are addressed by stable app URLs (`/api/photos/<userId>/<photoId>`), stored in profiles
 * and sent by the client; the gateway answers them, for signed-in users only, with a redirect to
 * a short-lived signed URL of the stored object. Object keys live only on the server.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const PHOTO_URL_PATTERN = new RegExp(`^/api/photos/(${UUID})/(${UUID})$`);
export const photoUrl = (userId: string, photoId: string) => `/api/photos/${userId}/${photoId}`;
export const PHOTO_VARIANTS = ['display', 'thumb'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
/** the storage folder of all a member's photos (the profiles service empties it with the account) */
export const photoPrefix = (userId: string) => `photos/${userId}/`;
/** the storage folder of one photo (both its sizes) */
export const photoFolder = (userId: string, photoId: string) => `${photoPrefix(userId)}${photoId}/`;
export const photoObjectKey = (userId: string, photoId: string, variant: PhotoVariant) => `${photoFolder(userId, photoId)}${variant}.webp`;
/** the storage folder of a member's employment documents */
export const documentPrefix = (userId: string) => `documents/${userId}/`;
export const documentObjectKey = (userId: string, documentId: string, extension: string) => `${documentPrefix(userId)}${documentId}.${extension}`;

/** the owner of a photo URL, or null when it is not one of ours */
export function parsePhotoUrl(url: string): { userId: string; photoId: string } | null {
  const m = PHOTO_URL_PATTERN.exec(url);
  return m ? { userId: m[1], photoId: m[2] } : null;
}
