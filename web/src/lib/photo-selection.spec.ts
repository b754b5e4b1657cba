import type { FileKind } from '@aero/contracts/file-type';
import { Limits, UNATTACHED_PHOTO_SECONDS } from '@aero/contracts/shared';
import { render } from '../i18n/testing';
import { addPhotos, emptySelection, finalPhotos, pendingFiles, photoFileProblem, selectionFromPhotos, setMain, skippedFilesToast, toggleRemoved, tooManyPhotosToast, uploadOnce, type FileLike, type PickedFile } from './photo-selection';

const JPEG: FileKind = { kind: 'image', format: 'jpeg' };
const picked = (name: string, kind: FileKind, size = 1000): PickedFile<FileLike> => ({ file: { name, size }, kind });
const img = (name: string, size = 1000) => picked(name, JPEG, size);
const url = (n: number) => `/api/photos/u/${n}`;
let seq = 0;
const key = () => `k${++seq}`;

describe('photo selection', () => {
  it('takes images, skips non-images and files over 10 MB with the spec messages', () => {
    const r = addPhotos(emptySelection<FileLike>(), [img('a.jpg'), picked('cv.pdf', { kind: 'pdf' }, 10), img('huge.png', Limits.maxUploadBytes + 1), img('b.jpg')], key);
    expect(r.selection.items.map((i) => i.file?.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(r.skipped.map((t) => render(t))).toEqual(['cv.pdf is not an image file', 'huge.png is too large (max 10MB)']);
    expect(r.tooMany).toBe(false);
    expect(render(skippedFilesToast(r.skipped).title)).toBe('Some files were skipped');
    expect(render(r.skipped[0], 'es')).toBe('cv.pdf no es un archivo de imagen');
  });

  it('decides by content (the kind read from its first bytes), not by name: a text file named fake.jpg is not a photo', () => {
    const r = addPhotos(emptySelection<FileLike>(), [picked('fake.jpg', { kind: 'unknown' }), picked('logo.svg', { kind: 'image', format: 'svg' }), picked('IMG_0042', { kind: 'image', format: 'heif' })], key);
    expect(r.selection.items.map((i) => i.file?.name)).toEqual(['IMG_0042']);
    expect(r.skipped.map((t) => render(t))).toEqual(['fake.jpg is not an image file', 'logo.svg is not an image file']);
    for (const format of ['jpeg', 'png', 'gif', 'webp', 'avif', 'heif', 'tiff'] as const) expect(photoFileProblem({ name: 'p', size: 1 }, { kind: 'image', format })).toBeNull();
    expect(render(photoFileProblem({ name: 'clip.webm', size: 1 }, { kind: 'audio', format: 'webm' })!)).toBe('clip.webm is not an image file');
  });

  it('skips a small file that holds more pixels than the server takes (60 megapixels), as it is picked; one it could not measure is left to the server', () => {
    const jpeg = { kind: 'image', format: 'jpeg' } as const;
    const r = addPhotos(emptySelection<FileLike>(), [{ ...picked('huge-dims.jpg', jpeg, 475_000), pixels: 9000 * 9000 }, { ...picked('phone.jpg', jpeg), pixels: 8160 * 6120 }, { ...picked('IMG_0042', { kind: 'image', format: 'heif' }), pixels: null }], key);
    expect(r.selection.items.map((i) => i.file?.name)).toEqual(['phone.jpg', 'IMG_0042']);
    expect(r.skipped.map((t) => render(t))).toEqual(['huge-dims.jpg has too many pixels (max 60 megapixels)']);
    expect(photoFileProblem({ name: 'p', size: 1 }, jpeg, Limits.maxImageMegapixels * 1_000_000)).toBeNull();
  });

  it('keeps at most 6 photos and says so', () => {
    const first = addPhotos(emptySelection<FileLike>(), [1, 2, 3, 4, 5].map((n) => img(`${n}.jpg`)), key);
    const r = addPhotos(first.selection, [img('6.jpg'), img('7.jpg')], key);
    expect(r.selection.items).toHaveLength(6);
    expect(r.tooMany).toBe(true);
    const english = (t: { title: Parameters<typeof render>[0]; description: Parameters<typeof render>[0] }) => ({ title: render(t.title), description: render(t.description) });
    expect(english(tooManyPhotosToast('register'))).toEqual({ title: 'Too many photos', description: 'You can only upload up to 6 photos' });
    expect(english(tooManyPhotosToast('edit'))).toEqual({ title: 'Too many photos', description: 'You can only have up to 6 photos' });
  });

  it('makes the first photo main when none is set, and keeps a chosen main', () => {
    const r = addPhotos(emptySelection<FileLike>(), [img('a.jpg'), img('b.jpg')], key);
    const [a, b] = r.selection.items;
    expect(r.selection.mainKey).toBe(a.key);
    expect(setMain(r.selection, b.key).mainKey).toBe(b.key);
    expect(setMain(r.selection, 'nope').mainKey).toBe(a.key);
  });

  it('marks stored photos removed (restorable) and moves main to the first remaining', () => {
    const s = selectionFromPhotos<FileLike>([url(1), url(2), url(3)], url(1));
    expect(s.mainKey).toBe(`url:${url(1)}`);
    const removed = toggleRemoved(s, `url:${url(1)}`).selection;
    expect(removed.items[0].removed).toBe(true);
    expect(removed.mainKey).toBe(`url:${url(2)}`);
    const restored = toggleRemoved(removed, `url:${url(1)}`).selection;
    expect(restored.items[0].removed).toBe(false);
    expect(restored.mainKey).toBe(`url:${url(2)}`);
  });

  it('counts existing minus removed plus new against the limit of 6', () => {
    let s = selectionFromPhotos<FileLike>([1, 2, 3, 4, 5, 6].map(url), null);
    expect(addPhotos(s, [img('x.jpg')], key).tooMany).toBe(true);
    s = toggleRemoved(s, `url:${url(6)}`).selection;
    const added = addPhotos(s, [img('x.jpg')], key);
    expect(added.tooMany).toBe(false);
    // restoring the removed one would make 7
    expect(toggleRemoved(added.selection, `url:${url(6)}`).tooMany).toBe(true);
  });

  it('drops new files and builds the final list with uploaded URLs in order', () => {
    let s = selectionFromPhotos<FileLike>([url(1), url(2)], url(2));
    const r = addPhotos(s, [img('a.jpg'), img('b.jpg')], key);
    const [, , a, b] = r.selection.items;
    s = toggleRemoved(r.selection, a.key).selection; // dropped, not marked
    expect(s.items).toHaveLength(3);
    s = toggleRemoved(s, `url:${url(1)}`).selection;
    s = setMain(s, b.key);
    expect(pendingFiles(s).map((f) => f.name)).toEqual(['b.jpg']);
    expect(finalPhotos(s, ['/api/photos/u/9'])).toEqual({ photos: [url(2), '/api/photos/u/9'], mainPhoto: '/api/photos/u/9' });
  });

  it('has no main photo when no photo is left', () => {
    const s = toggleRemoved(selectionFromPhotos<FileLike>([url(1)], url(1)), `url:${url(1)}`).selection;
    expect(s.mainKey).toBeNull();
    expect(finalPhotos(s, [])).toEqual({ photos: [], mainPhoto: null });
  });
});

describe('uploadOnce', () => {
  it('sends the same files once: a save tried again takes their URLs; other files, or a failed upload, are sent again', async () => {
    const [a, b, c]: FileLike[] = [{ name: 'a', size: 1 }, { name: 'b', size: 2 }, { name: 'c', size: 3 }];
    const sent: string[][] = [];
    let fail = true;
    const upload = async (files: FileLike[]) => {
      sent.push(files.map((f) => f.name));
      if (fail) throw new Error('offline');
      return files.map((f) => `/api/photos/u/${f.name}-${sent.length}`);
    };
    const uploadNew = uploadOnce<FileLike>();
    await expect(uploadNew([a, b], upload)).rejects.toThrow('offline');
    fail = false;
    expect(await uploadNew([a, b], upload)).toEqual(['/api/photos/u/a-2', '/api/photos/u/b-2']);
    expect(await uploadNew([a, b], upload)).toEqual(['/api/photos/u/a-2', '/api/photos/u/b-2']);
    expect(await uploadNew([a, b, c], upload)).toEqual(['/api/photos/u/a-3', '/api/photos/u/b-3', '/api/photos/u/c-3']);
    // another object of the same name is another file
    expect(await uploadNew([a, b, { ...c }], upload)).toHaveLength(3);
    expect(sent).toEqual([['a', 'b'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c']]);
  });

  it('sends the files again once the server may have deleted the unused upload (half of UNATTACHED_PHOTO_SECONDS on)', async () => {
    const a: FileLike = { name: 'a', size: 1 };
    let clock = 0;
    let n = 0;
    const upload = async (files: FileLike[]) => files.map((f) => `/api/photos/u/${f.name}-${++n}`);
    const uploadNew = uploadOnce<FileLike>(() => clock);
    expect(await uploadNew([a], upload)).toEqual(['/api/photos/u/a-1']);
    clock = (UNATTACHED_PHOTO_SECONDS * 1000) / 2 - 1;
    expect(await uploadNew([a], upload)).toEqual(['/api/photos/u/a-1']);
    clock += 1;
    expect(await uploadNew([a], upload)).toEqual(['/api/photos/u/a-2']);
  });
});
