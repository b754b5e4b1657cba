/**
 * What a file is, decided from its first bytes (magic numbers), never from the client's name or
 * MIME type. `image` formats are the ones we recognise; which of them a route accepts is its own
 * rule (photos: whatever sharp decodes; documents: JPEG, PNG, GIF or WebP).
 */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif' | 'tiff' | 'bmp' | 'ico' | 'jp2' | 'jxl' | 'svg';
export type AudioFormat = 'webm' | 'ogg' | 'mp4';
export type FileKind = { kind: 'image'; format: ImageFormat } | { kind: 'audio'; format: AudioFormat } | { kind: 'pdf' } | { kind: 'unknown' };

/** ISO base media brands of MP4/M4A audio as browsers record it (Safari's MediaRecorder writes mp4) */
const MP4_AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'mp41', 'mp42', 'isom', 'iso2', 'iso5', 'iso6', 'dash']);

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, text: string, offset = 0) => buf.length >= offset + text.length && buf.toString('latin1', offset, offset + text.length) === text;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

export function detectFileType(buf: Buffer): FileKind {
  const image = (format: ImageFormat): FileKind => ({ kind: 'image', format });
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return image('jpeg');
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('png');
  if (ascii(buf, 'GIF87a') || ascii(buf, 'GIF89a')) return image('gif');
  if (ascii(buf, 'RIFF') && ascii(buf, 'WEBP', 8)) return image('webp');
  // at byte 0 only: readers that look further would accept an HTML or script polyglot
  if (ascii(buf, '%PDF-')) return { kind: 'pdf' };
  if (ascii(buf, 'ftyp', 4)) {
    const brand = buf.toString('latin1', 8, 12);
    if (AVIF_BRANDS.has(brand)) return image('avif');
    if (HEIF_BRANDS.has(brand)) return image('heif');
    if (MP4_AUDIO_BRANDS.has(brand)) return { kind: 'audio', format: 'mp4' };
  }
  if (ascii(buf, 'OggS')) return { kind: 'audio', format: 'ogg' };
  // EBML header whose DocType (within the first bytes) is webm: what Chromium and Firefox record
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3]) && buf.subarray(0, 64).includes('webm', 0, 'latin1')) return { kind: 'audio', format: 'webm' };
  if (startsWith(buf, [0x49, 0x49, 0x2a, 0x00]) || startsWith(buf, [0x4d, 0x4d, 0x00, 0x2a])) return image('tiff');
  if (ascii(buf, 'BM') && buf.length >= 18 && BMP_DIB_SIZES.has(buf.readUInt32LE(14))) return image('bmp');
  if (startsWith(buf, [0x00, 0x00, 0x01, 0x00]) && buf.length >= 6 && buf.readUInt16LE(4) > 0) return image('ico');
  if (startsWith(buf, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20])) return image('jp2');
  if (startsWith(buf, [0xff, 0x0a]) || startsWith(buf, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20])) return image('jxl');
  if (looksLikeSvg(buf)) return image('svg');
  return { kind: 'unknown' };
}

function looksLikeSvg(buf: Buffer): boolean {
  const head = buf.toString('utf8', 0, 1024).replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('<')) return false;
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}
