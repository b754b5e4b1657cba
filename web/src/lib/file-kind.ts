import { detectFileType, FILE_TYPE_HEAD_BYTES, type FileKind } from '@aero/contracts/file-type';
import type { PickedFile } from './photo-selection';

// What a picked file is by its first bytes, decided by the server's own detector (contracts'
// detectFileType), so that a file the server would refuse is refused when it is picked: a text
// file named fake.jpg is no photo, whatever type the browser guessed from its name.

/** the file's kind by its first bytes; 'unknown' when they cannot be read */
export const readFileKind = (file: Blob): Promise<FileKind> =>
  file
    .slice(0, FILE_TYPE_HEAD_BYTES)
    .arrayBuffer()
    .then(
      (head) => detectFileType(new Uint8Array(head)),
      (): FileKind => ({ kind: 'unknown' }),
    );

/**
 * an image's width × height as this browser reads it (an image that is loaded, not drawn: its size
 * without its pixels); null when it cannot (a format it does not show, such as HEIF, or a broken file)
 */
export const readImagePixels = (file: Blob): Promise<number | null> =>
  new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (pixels: number | null) => {
      URL.revokeObjectURL(url);
      resolve(pixels);
    };
    image.onload = () => done(image.naturalWidth * image.naturalHeight || null);
    image.onerror = () => done(null);
    image.src = url;
  });

/** each picked file with its kind (and an image's pixels), in the order picked */
export const readPickedFiles = (files: readonly File[]): Promise<PickedFile[]> =>
  Promise.all(
    files.map(async (file) => {
      const kind = await readFileKind(file);
      return { file, kind, pixels: kind.kind === 'image' ? await readImagePixels(file) : null };
    }),
  );
