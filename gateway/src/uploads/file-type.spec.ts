import sharp from 'sharp';
import { detectFileType } from './file-type.js';
import { cleanFileName } from './file-name.js';

const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#3366cc' } });

describe('detectFileType (by content, never by name)', () => {
  it('recognises the image formats sharp writes', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp', 'avif', 'tiff'] as const) {
      const buf = await pixel().toFormat(format).toBuffer();
      expect(detectFileType(buf)).toEqual({ kind: 'image', format: format === 'avif' ? 'avif' : format });
    }
  });

  it('recognises PDFs, SVG, BMP and HEIC headers', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toEqual({ kind: 'pdf' });
    expect(detectFileType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ kind: 'image', format: 'svg' });
    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(40, 14);
    expect(detectFileType(bmp)).toEqual({ kind: 'image', format: 'bmp' });
    expect(detectFileType(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'))).toEqual({ kind: 'image', format: 'heif' });
  });

  it('recognises the audio containers browsers record voice clips in', () => {
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(20)]);
    expect(detectFileType(webm)).toEqual({ kind: 'audio', format: 'webm' });
    expect(detectFileType(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(30)]))).toEqual({ kind: 'audio', format: 'ogg' });
    expect(detectFileType(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(20)]))).toEqual({ kind: 'audio', format: 'mp4' });
    // an EBML file that is not webm (Matroska video) is not a voice clip
    expect(detectFileType(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska'), Buffer.alloc(20)]))).toEqual({ kind: 'unknown' });
  });

  it('calls text, HTML and empty input unknown', () => {
    expect(detectFileType(Buffer.from('just some text, named photo.jpg'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(Buffer.from('<html><body>hi</body></html>'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(Buffer.from('BMW service record'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(Buffer.alloc(0))).toEqual({ kind: 'unknown' });
  });

  it('takes a PDF only with %PDF- at byte 0 (no HTML polyglot with the header further in)', () => {
    expect(detectFileType(Buffer.from('<html><script>alert(1)</script>\n%PDF-1.7\n'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(Buffer.from(' %PDF-1.7'))).toEqual({ kind: 'unknown' });
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
