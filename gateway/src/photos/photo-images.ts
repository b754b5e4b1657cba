import { detectFileType, isPhotoKind, Limits } from '@aero/contracts';
import sharp from 'sharp';

/** phone photos fit; a decompression bomb does not (one decode stays near 240 MB of memory) */
/** the most pixels an uploaded image may have (photos and employment documents), read from its header */
export const MAX_INPUT_PIXELS = Limits.maxImageMegapixels * 1_000_000;

export const DISPLAY_PX = 1080;
export const THUMB_PX = 320;

export interface RenderedPhoto {
  display: Buffer;
  thumb: Buffer;
  /** the display size's pixels */
  width: number;
  height: number;
}

/**
 * A photo as we store it: turned upright by its EXIF orientation, then re-encoded as WebP in two
 * sizes (display ≤ 1080 px, thumbnail ≤ 320 px, aspect kept, never enlarged). Nothing of the
 * original's metadata (EXIF with GPS, XMP, IPTC, ICC, comments) is copied: sharp writes none
 * unless asked to, and the colours are converted to sRGB. 'not_an_image' when the bytes are not
 * an image we can decode, 'too_many_pixels' above MAX_INPUT_PIXELS (read from the header, before
 * any decoding).
 */
export async function renderPhoto(data: Buffer): Promise<RenderedPhoto | 'not_an_image' | 'too_many_pixels'> {
  // decided by content: one of contracts' PHOTO_FORMATS (the web app checks a picked file the same way)
  if (!isPhotoKind(detectFileType(data))) return 'not_an_image';
  try {
    const { width = 0, height = 0 } = await sharp(data).metadata();
    if (width * height > MAX_INPUT_PIXELS) return 'too_many_pixels';
    const upright = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const variant = (px: number, quality: number) => upright.clone().resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer({ resolveWithObject: true });
    const [display, thumb] = await Promise.all([variant(DISPLAY_PX, 82), variant(THUMB_PX, 75)]);
    return { display: display.data, thumb: thumb.data, width: display.info.width, height: display.info.height };
  } catch {
    return 'not_an_image';
  }
}

/** the pixels of a stored photo, from its header (null when it cannot be read) */
export async function photoSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(data).metadata();
    return width && height ? { width, height } : null;
  } catch {
    // (sharp refuses an empty buffer as it is given, before any promise)
    return null;
  }
}
