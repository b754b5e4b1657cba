import { isPhotoKind, type FileKind } from '@aero/contracts/file-type';
import { Limits, UNATTACHED_PHOTO_SECONDS } from '@aero/contracts/shared';
import { text, type Text } from '../i18n/message-key';

// The photo rules of spec §4 "Profile edit" and §5 "Photos", as pure functions over a selection:
// server photos (by URL) that may be marked removed and restored, new files that may be added or
// dropped, and one main photo. Registration is the same selection with no server photos.

export interface FileLike {
  name: string;
  size: number;
}

/** a picked file with what its first bytes say it is (lib/file-kind.ts reads them: contracts' detectFileType) */
export interface PickedFile<F extends FileLike = File> {
  file: F;
  kind: FileKind;
  /** an image's width × height as the browser reads it; null or absent when it cannot (a format it does not show) */
  pixels?: number | null;
}

export interface PhotoItem<F extends FileLike = File> {
  key: string;
  /** a stored photo (`/api/photos/<userId>/<photoId>`) */
  url?: string;
  /** a new file, not uploaded yet */
  file?: F;
  removed: boolean;
}

export interface PhotoSelection<F extends FileLike = File> {
  items: PhotoItem<F>[];
  mainKey: string | null;
}

export type PhotoMode = 'register' | 'edit';

export const emptySelection = <F extends FileLike = File>(): PhotoSelection<F> => ({ items: [], mainKey: null });

/** The selection for a stored profile: its photos, the main one marked (else the first). */
export function selectionFromPhotos<F extends FileLike = File>(urls: readonly string[], mainPhoto: string | null | undefined): PhotoSelection<F> {
  const items = urls.map((url) => ({ key: `url:${url}`, url, removed: false }));
  return withMain({ items, mainKey: mainPhoto && urls.includes(mainPhoto) ? `url:${mainPhoto}` : null });
}

export const activeItems = <F extends FileLike>(s: PhotoSelection<F>) => s.items.filter((i) => !i.removed);

/** The main photo stays if still there; otherwise the first remaining photo is main (or none). */
export function withMain<F extends FileLike>(s: PhotoSelection<F>): PhotoSelection<F> {
  const active = activeItems(s);
  const mainKey = active.some((i) => i.key === s.mainKey) ? s.mainKey : (active[0]?.key ?? null);
  return mainKey === s.mainKey ? s : { ...s, mainKey };
}

/**
 * Why a file cannot be a photo (spec §5 texts), or null when it can: by its content (`kind`), one
 * of the photo formats the server takes, whatever its name or the type the browser guessed from it.
 */
export function photoFileProblem(file: FileLike, kind: FileKind, pixels?: number | null): Text | null {
  if (!isPhotoKind(kind)) return text('messages.notAnImage', { file: file.name });
  if (file.size > Limits.maxUploadBytes) return text('messages.imageTooLarge', { file: file.name });
  return pixelsProblem(file, pixels);
}

/**
 * The server's text for an image of more pixels than it takes (a small file may hold a huge image,
 * which it refuses as a decompression bomb), or null; `pixels` as the browser read them (lib/file-kind),
 * null when it could not (the server decides). Photos, chat photos and document images alike.
 */
export function pixelsProblem(file: Pick<FileLike, 'name'>, pixels: number | null | undefined): Text | null {
  return pixels && pixels > Limits.maxImageMegapixels * 1_000_000 ? text('messages.imageTooManyPixels', { file: file.name }) : null;
}

export interface AddPhotosResult<F extends FileLike> {
  selection: PhotoSelection<F>;
  /** one message per skipped file ('{file} is not an image file', '{file} is too large (max 10MB)') */
  skipped: Text[];
  /** more files than free places: the first ones that fit were taken */
  tooMany: boolean;
}

let keySeq = 0;
const newKey = () => `new:${++keySeq}`;

/** Adds picked files: images of at most 10 MB, up to 6 photos in all. */
export function addPhotos<F extends FileLike>(s: PhotoSelection<F>, picked: readonly PickedFile<F>[], makeKey: () => string = newKey): AddPhotosResult<F> {
  const skipped: Text[] = [];
  const valid: F[] = [];
  for (const { file, kind, pixels } of picked) {
    const problem = photoFileProblem(file, kind, pixels);
    if (problem) skipped.push(problem);
    else valid.push(file);
  }
  const free = Math.max(0, Limits.photosPerProfile - activeItems(s).length);
  const taken = valid.slice(0, free);
  const items = [...s.items, ...taken.map((file) => ({ key: makeKey(), file, removed: false }))];
  return { selection: withMain({ ...s, items }), skipped, tooMany: valid.length > free };
}

export interface ToggleResult<F extends FileLike> {
  selection: PhotoSelection<F>;
  tooMany: boolean;
}

/** A stored photo is marked removed (or restored); a new one is dropped. */
export function toggleRemoved<F extends FileLike>(s: PhotoSelection<F>, key: string): ToggleResult<F> {
  const item = s.items.find((i) => i.key === key);
  if (!item) return { selection: s, tooMany: false };
  if (!item.url) return { selection: withMain({ ...s, items: s.items.filter((i) => i.key !== key) }), tooMany: false };
  if (item.removed && activeItems(s).length >= Limits.photosPerProfile) return { selection: s, tooMany: true };
  const items = s.items.map((i) => (i.key === key ? { ...i, removed: !i.removed } : i));
  return { selection: withMain({ ...s, items }), tooMany: false };
}

export function setMain<F extends FileLike>(s: PhotoSelection<F>, key: string): PhotoSelection<F> {
  return activeItems(s).some((i) => i.key === key) ? { ...s, mainKey: key } : s;
}

/** New files still to upload, in display order. */
export const pendingFiles = <F extends FileLike>(s: PhotoSelection<F>): F[] => activeItems(s).flatMap((i) => (i.file ? [i.file] : []));

/**
 * Uploads taken again at most this long after they were made: the server deletes photos not on
 * the profile `UNATTACHED_PHOTO_SECONDS` after their upload, and the save that attaches
 * them must get there well before.
 */
const REUSE_UPLOADS_MS = (UNATTACHED_PHOTO_SECONDS * 1000) / 2;

/**
 * Uploads a selection's new files, once: a save tried again after a later step failed (the
 * profile's call) takes the URLs the same files were given instead of sending them again (up to
 * six photos of 10 MB over a plane's connection, each left unused on the server), unless the
 * server may have deleted them by now (REUSE_UPLOADS_MS). Other files are uploaded anew. One per form.
 */
export function uploadOnce<F extends FileLike>(now: () => number = Date.now): (files: F[], upload: (files: F[]) => Promise<string[]>) => Promise<string[]> {
  let last: { files: F[]; urls: string[]; at: number } | null = null;
  return async (files, upload) => {
    if (last && now() - last.at < REUSE_UPLOADS_MS && last.files.length === files.length && last.files.every((f, i) => f === files[i])) return last.urls;
    const at = now();
    const urls = await upload(files);
    last = { files, urls, at };
    return urls;
  };
}

/**
 * The final photo list once the new files are uploaded (`uploaded` in the order of
 * `pendingFiles`), and the main photo's URL.
 */
export function finalPhotos<F extends FileLike>(s: PhotoSelection<F>, uploaded: readonly string[]): { photos: string[]; mainPhoto: string | null } {
  let next = 0;
  const resolved = withMain(s);
  const photos: string[] = [];
  let mainPhoto: string | null = null;
  for (const item of activeItems(resolved)) {
    const url = item.url ?? uploaded[next++];
    if (!url) continue;
    photos.push(url);
    if (item.key === resolved.mainKey) mainPhoto = url;
  }
  return { photos, mainPhoto: mainPhoto ?? photos[0] ?? null };
}

/** Toast texts (spec §5/§8). */
export const tooManyPhotosToast = (mode: PhotoMode): { title: Text; description: Text } => ({
  title: text('messages.tooManyPhotosTitle'),
  description: text(mode === 'register' ? 'messages.tooManyPhotosUpload' : 'messages.tooManyPhotosTotal'),
});
export const skippedFilesToast = (skipped: readonly Text[]): { title: Text; description: Text[] } => ({ title: text('photos.skippedTitle'), description: [...skipped] });
