import sharp from 'sharp';
import { detectFileType, FILE_TYPE_HEAD_BYTES } from '@aero/contracts';
import { cleanFileName } from './file-name.js';

const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#3366cc' } });

// the detector's own cases are in libs/contracts (file-type.spec.ts); here, what sharp writes
describe('detectFileType on Node Buffers', () => {
  it('recognises the image formats sharp writes', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp', 'avif', 'tiff'] as const) {
      const buf = await pixel().toFormat(format).toBuffer();
      expect(detectFileType(buf)).toEqual({ kind: 'image', format: format === 'avif' ? 'avif' : format });
      // the web app decides from the file's first bytes only: the same answer
      expect(detectFileType(buf.subarray(0, FILE_TYPE_HEAD_BYTES))).toEqual(detectFileType(buf));
    }
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment without control characters, shortened', () => {
    expect(cleanFileName('C:\\Users\\me\\pay stub.pdf')).toBe('pay stub.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('evil\u202egpj.exe')).toBe('evilgpj.exe');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('a'.repeat(300))).toHaveLength(120);
  });
});
