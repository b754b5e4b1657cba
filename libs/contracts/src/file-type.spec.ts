import { detectFileType, DOCUMENT_IMAGE_FORMATS, FILE_TYPE_HEAD_BYTES, isDocumentImageFormat, isPhotoKind, PHOTO_FORMATS, type FileKind } from './file-type.js';

// plain Uint8Arrays, as a browser reads a file's first bytes (no Node Buffer)
const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: Array<number[] | string | number>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? new Array<number>(p).fill(0) : typeof p === 'string' ? [...utf8(p)] : p)));

describe('detectFileType (by content, never by name)', () => {
  it('recognises the image headers of the photo formats', () => {
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0], 12))).toEqual({ kind: 'image', format: 'jpeg' });
    expect(detectFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 12))).toEqual({ kind: 'image', format: 'png' });
    expect(detectFileType(bytes('GIF89a', 10))).toEqual({ kind: 'image', format: 'gif' });
    expect(detectFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', 8))).toEqual({ kind: 'image', format: 'webp' });
    expect(detectFileType(bytes([0, 0, 0, 0x1c], 'ftypavif', 8))).toEqual({ kind: 'image', format: 'avif' });
    expect(detectFileType(bytes([0x4d, 0x4d, 0x00, 0x2a], 8))).toEqual({ kind: 'image', format: 'tiff' });
  });

  it('recognises PDFs, SVG, BMP and HEIC headers', () => {
    expect(detectFileType(utf8('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toEqual({ kind: 'pdf' });
    expect(detectFileType(utf8('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ kind: 'image', format: 'svg' });
    const bmp = new Uint8Array(54);
    bmp.set(utf8('BM'));
    new DataView(bmp.buffer).setUint32(14, 40, true);
    expect(detectFileType(bmp)).toEqual({ kind: 'image', format: 'bmp' });
    expect(detectFileType(bytes([0, 0, 0, 0x18], 'ftypheic', 4))).toEqual({ kind: 'image', format: 'heif' });
  });

  it('reads a view into a larger buffer at its own offset (a Node Buffer from the pool is one)', () => {
    const larger = new Uint8Array(100).fill(0x55);
    const bmp = larger.subarray(30, 84);
    bmp.set([...utf8('BM'), ...new Array<number>(12).fill(0), 40, 0, 0, 0]);
    expect(detectFileType(bmp)).toEqual({ kind: 'image', format: 'bmp' });
    expect(detectFileType(Buffer.from(bmp))).toEqual({ kind: 'image', format: 'bmp' });
  });

  it('recognises the audio containers browsers record voice clips in', () => {
    const webm = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm', 20);
    expect(detectFileType(webm)).toEqual({ kind: 'audio', format: 'webm' });
    expect(detectFileType(bytes('OggS', 30))).toEqual({ kind: 'audio', format: 'ogg' });
    expect(detectFileType(bytes([0, 0, 0, 0x20], 'ftypM4A ', 20))).toEqual({ kind: 'audio', format: 'mp4' });
    // an EBML file that is not webm (Matroska video) is not a voice clip
    expect(detectFileType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska', 20))).toEqual({ kind: 'unknown' });
  });

  it('calls text, HTML and empty input unknown', () => {
    expect(detectFileType(utf8('just some text, named photo.jpg'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(utf8('<html><body>hi</body></html>'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(utf8('BMW service record'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(new Uint8Array(0))).toEqual({ kind: 'unknown' });
  });

  it('takes a PDF only with %PDF- at byte 0 (no HTML polyglot with the header further in)', () => {
    expect(detectFileType(utf8('<html><script>alert(1)</script>\n%PDF-1.7\n'))).toEqual({ kind: 'unknown' });
    expect(detectFileType(utf8(' %PDF-1.7'))).toEqual({ kind: 'unknown' });
  });

  it('decides from the first FILE_TYPE_HEAD_BYTES bytes: what a browser reads of a picked file is enough', () => {
    const svg = `<!-- ${'x'.repeat(FILE_TYPE_HEAD_BYTES - 40)} -->\n<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(2000)}</svg>`;
    expect(detectFileType(utf8(svg))).toEqual({ kind: 'image', format: 'svg' });
    expect(detectFileType(utf8(svg).subarray(0, FILE_TYPE_HEAD_BYTES))).toEqual({ kind: 'image', format: 'svg' });
  });
});

describe('accepted formats', () => {
  const image = (format: (typeof PHOTO_FORMATS)[number] | 'svg' | 'bmp'): FileKind => ({ kind: 'image', format });

  it('takes the photo formats as photos, nothing else', () => {
    for (const format of PHOTO_FORMATS) expect(isPhotoKind(image(format))).toBe(true);
    expect(isPhotoKind(image('svg'))).toBe(false);
    expect(isPhotoKind(image('bmp'))).toBe(false);
    expect(isPhotoKind({ kind: 'pdf' })).toBe(false);
    expect(isPhotoKind({ kind: 'unknown' })).toBe(false);
  });

  it('takes JPEG, PNG, GIF and WebP as document images (spec §5)', () => {
    expect([...DOCUMENT_IMAGE_FORMATS]).toEqual(['jpeg', 'png', 'gif', 'webp']);
    expect(DOCUMENT_IMAGE_FORMATS.every(isDocumentImageFormat)).toBe(true);
    expect(isDocumentImageFormat('tiff')).toBe(false);
    expect(isDocumentImageFormat('heif')).toBe(false);
  });
});
