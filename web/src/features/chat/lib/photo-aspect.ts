/** the tallest (width / height) a photo's box in the conversation is drawn: a taller photo is cropped to it */
export const TALLEST_PHOTO = 4 / 5;
/** the widest a photo's box is drawn: a wider panorama is cropped to it */
export const WIDEST_PHOTO = 2;

/**
 * The shape (width / height) of a photo's box in the conversation: the photo's own, within
 * TALLEST_PHOTO and WIDEST_PHOTO, so a landscape photo shows whole; TALLEST_PHOTO while its size
 * is not known (a photo sent before sizes were kept).
 */
export function photoAspect(width: number | null | undefined, height: number | null | undefined): number {
  if (!width || !height || width <= 0 || height <= 0) return TALLEST_PHOTO;
  return Math.min(WIDEST_PHOTO, Math.max(TALLEST_PHOTO, width / height));
}
