import { jest } from '@jest/globals';
import { FILE_TYPE_HEAD_BYTES } from '@aero/contracts/file-type';
import { readFileKind, readPickedFiles } from './file-kind';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('a picked file read by its first bytes', () => {
  it('is what its content says, whatever its name and the type guessed from it', async () => {
    expect(await readFileKind(new File(['just some notes'], 'fake.jpg', { type: 'image/jpeg' }))).toEqual({ kind: 'unknown' });
    expect(await readFileKind(new File([new Uint8Array(PNG_HEADER)], 'holiday', { type: '' }))).toEqual({ kind: 'image', format: 'png' });
    expect(await readFileKind(new File(['%PDF-1.7\n'], 'paystub.txt', { type: 'text/plain' }))).toEqual({ kind: 'pdf' });
  });

  it('reads only the first FILE_TYPE_HEAD_BYTES bytes', async () => {
    const file = new File([new Uint8Array(PNG_HEADER), new Uint8Array(5 * 1024 * 1024)], 'big.png');
    const slice = jest.spyOn(file, 'slice');
    expect(await readFileKind(file)).toEqual({ kind: 'image', format: 'png' });
    expect(slice).toHaveBeenCalledWith(0, FILE_TYPE_HEAD_BYTES);
  });

  describe('with the pixels of an image, as the browser reads them', () => {
    /** the browser's image (no DOM here): loads with `size`, or fails when it is null */
    let size: [number, number] | null = null;
    class BrowserImage {
      naturalWidth = 0;
      naturalHeight = 0;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        expect(url).toMatch(/^blob:/);
        setTimeout(() => {
          if (!size) return this.onerror?.();
          [this.naturalWidth, this.naturalHeight] = size;
          this.onload?.();
        });
      }
    }
    const real = (globalThis as { Image?: unknown }).Image;
    beforeAll(() => Object.assign(globalThis, { Image: BrowserImage }));
    afterAll(() => Object.assign(globalThis, { Image: real }));

    it('keeps each file with its kind, in the order picked; an image with its width × height', async () => {
      size = [9000, 7000];
      const files = [new File(['hello'], 'fake.jpg'), new File([new Uint8Array(PNG_HEADER)], 'real.png')];
      expect(await readPickedFiles(files)).toEqual([
        { file: files[0], kind: { kind: 'unknown' }, pixels: null },
        { file: files[1], kind: { kind: 'image', format: 'png' }, pixels: 63_000_000 },
      ]);
    });

    it('an image the browser cannot show (HEIF in most) has no pixels: the server decides', async () => {
      size = null;
      const file = new File([new Uint8Array(PNG_HEADER)], 'IMG_0042.png');
      expect(await readPickedFiles([file])).toEqual([{ file, kind: { kind: 'image', format: 'png' }, pixels: null }]);
    });
  });
});
