import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { Limits } from '@aero/contracts/shared';
import { activeItems, emptySelection, type PhotoSelection, withMain } from '../../../lib/photo-selection';
import { FILE_DRAFTS_DB } from '../../../lib/storage';

// The photos picked on Create Profile outlive a reload of the page: a phone's browser reloads a tab
// it put away, and going to the camera app from the picker is enough. Files go into IndexedDB (not
// into sessionStorage, which holds the answers: registration-rules.ts), per member, until the
// profile is created or the session ends (lib/storage.ts clearSessionArea). Storage that fails
// keeps nothing, and the member picks again as before.

interface StoredPhotos {
  files: File[];
  /** the position of the main photo among `files` */
  main: number;
}

let store: UseStore | undefined;
/**
 * opened on first use (a page that never picks a photo opens nothing); its connection gives way
 * when a session's end deletes the database (lib/storage.ts), which would otherwise wait for the
 * tab to close, and the next use opens it again
 */
function photoStore(): UseStore {
  if (store) return store;
  const opened = createStore(FILE_DRAFTS_DB, 'registration-photos');
  store = opened;
  void opened('readonly', (s) => s.transaction.db)
    .then((db) => {
      db.onversionchange = () => {
        db.close();
        if (store === opened) store = undefined;
      };
    })
    .catch(() => undefined);
  return opened;
}

/** keeps the member's picked photos, in order, and which is the main one */
export async function savePhotoDraft(userId: string, selection: PhotoSelection): Promise<void> {
  const items = activeItems(selection).filter((item) => item.file);
  const stored: StoredPhotos = { files: items.map((item) => item.file!), main: Math.max(0, items.findIndex((item) => item.key === selection.mainKey)) };
  await (items.length ? set(userId, stored, photoStore()) : del(userId, photoStore())).catch(() => undefined);
}

/** the photos kept for the member, as a selection of new files (keys `draft:<n>`), or an empty one */
export async function loadPhotoDraft(userId: string): Promise<PhotoSelection> {
  const stored = (await get<unknown>(userId, photoStore()).catch(() => undefined)) as Partial<StoredPhotos> | undefined;
  const files = Array.isArray(stored?.files) ? stored.files.filter((f): f is File => f instanceof File).slice(0, Limits.photosPerProfile) : [];
  if (!files.length) return emptySelection();
  const items = files.map((file, i) => ({ key: `draft:${i}`, file, removed: false }));
  const main = typeof stored?.main === 'number' && items[stored.main] ? items[stored.main]!.key : null;
  return withMain({ items, mainKey: main });
}

/** forgets the member's picked photos (their profile was created) */
export const dropPhotoDraft = (userId: string) => del(userId, photoStore()).catch(() => undefined);
