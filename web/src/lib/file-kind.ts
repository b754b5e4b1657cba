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

/** each picked file with its kind, in the order picked */
export const readPickedFiles = (files: readonly File[]): Promise<PickedFile[]> => Promise.all(files.map(async (file) => ({ file, kind: await readFileKind(file) })));
