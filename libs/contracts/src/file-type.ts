/**
 * What a file is, decided from its first bytes (magic numbers), never from the client's name or
 * MIME type: the gateway's check of an upload, and the web app's of a picked file before it is
 * sent (the file's first FILE_TYPE_HEAD_BYTES bytes). `image` formats are the ones we recognise;
 * which of them a route accepts is its own rule (PHOTO_FORMATS, DOCUMENT_IMAGE_FORMATS).
 * Browser-safe: plain Uint8Array (a Node Buffer is one), no Node API.
 */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif' | 'tiff' | 'bmp' | 'ico' | 'jp2' | 'jxl' | 'svg';
export type AudioFormat = 'webm' | 'ogg' | 'mp4';
export type FileKind = { kind: 'image'; format: ImageFormat } | { kind: 'audio'; format: AudioFormat } | { kind: 'pdf' } | { kind: 'unknown' };

/** how many first bytes of a file detectFileType looks at (an SVG's opening, the furthest) */
export const FILE_TYPE_HEAD_BYTES = 1024;

/** formats a profile or chat photo may arrive in (the server re-encodes them); SVG and the like are not photos */
export const PHOTO_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'avif', 'heif', 'tiff'] as const satisfies readonly ImageFormat[];
/** the image formats an employment document may be (spec §5: JPEG, PNG, GIF or WebP; else a PDF) */
export const DOCUMENT_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const satisfies readonly ImageFormat[];
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export type DocumentImageFormat = (typeof DOCUMENT_IMAGE_FORMATS)[number];

/** whether a file of this kind may be a photo */
export const isPhotoKind = (type: FileKind): type is { kind: 'image'; format: PhotoFormat } => type.kind === 'image' && (PHOTO_FORMATS as readonly ImageFormat[]).includes(type.format);
/** whether an image of this format may be an employment document */
export const isDocumentImageFormat = (format: ImageFormat): format is DocumentImageFormat => (DOCUMENT_IMAGE_FORMATS as readonly ImageFormat[]).includes(format);

// arrays, not Sets: nothing evaluated when the module loads, so that a bundle without the detector drops it whole
/** ISO base media brands of MP4/M4A audio as browsers record it (Safari's MediaRecorder writes mp4) */
const MP4_AUDIO_BRANDS = ['M4A ', 'M4B ', 'mp41', 'mp42', 'isom', 'iso2', 'iso5', 'iso6', 'dash'];
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
const AVIF_BRANDS = ['avif', 'avis'];
const BMP_DIB_SIZES = [12, 40, 52, 56, 64, 108, 124];

/** the bytes from..to as one character each (latin1), shorter when the data ends first */
const latin1 = (buf: Uint8Array, from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));
const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) => buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Uint8Array, text: string, offset = 0) => buf.length >= offset + text.length && latin1(buf, offset, offset + text.length) === text;
const view = (buf: Uint8Array) => new DataView(buf.buffer, buf.byteOffset, buf.byteLength);

export function detectFileType(buf: Uint8Array): FileKind {
  const image = (format: ImageFormat): FileKind => ({ kind: 'image', format });
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return image('jpeg');
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('png');
  if (ascii(buf, 'GIF87a') || ascii(buf, 'GIF89a')) return image('gif');
  if (ascii(buf, 'RIFF') && ascii(buf, 'WEBP', 8)) return image('webp');
  // at byte 0 only: readers that look further would accept an HTML or script polyglot
  if (ascii(buf, '%PDF-')) return { kind: 'pdf' };
  if (ascii(buf, 'ftyp', 4)) {
    const brand = latin1(buf, 8, 12);
    if (AVIF_BRANDS.includes(brand)) return image('avif');
    if (HEIF_BRANDS.includes(brand)) return image('heif');
    if (MP4_AUDIO_BRANDS.includes(brand)) return { kind: 'audio', format: 'mp4' };
  }
  if (ascii(buf, 'OggS')) return { kind: 'audio', format: 'ogg' };
  // EBML header whose DocType (within the first bytes) is webm: what Chromium and Firefox record
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3]) && latin1(buf, 0, 64).includes('webm')) return { kind: 'audio', format: 'webm' };
  if (startsWith(buf, [0x49, 0x49, 0x2a, 0x00]) || startsWith(buf, [0x4d, 0x4d, 0x00, 0x2a])) return image('tiff');
  if (ascii(buf, 'BM') && buf.length >= 18 && BMP_DIB_SIZES.includes(view(buf).getUint32(14, true))) return image('bmp');
  if (startsWith(buf, [0x00, 0x00, 0x01, 0x00]) && buf.length >= 6 && view(buf).getUint16(4, true) > 0) return image('ico');
  if (startsWith(buf, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20])) return image('jp2');
  if (startsWith(buf, [0xff, 0x0a]) || startsWith(buf, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20])) return image('jxl');
  if (looksLikeSvg(buf)) return image('svg');
  return { kind: 'unknown' };
}

function looksLikeSvg(buf: Uint8Array): boolean {
  // a multi-byte character cut at the end decodes to U+FFFD, as Buffer's utf8 does
  const head = new TextDecoder('utf-8', { ignoreBOM: true }).decode(buf.subarray(0, FILE_TYPE_HEAD_BYTES)).replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('<')) return false;
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}
