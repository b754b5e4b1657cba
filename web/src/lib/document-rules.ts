import { Limits, Messages } from '@aero/contracts/shared';
import type { FileLike } from './photo-selection';

// Employment verification document (spec §5): one image (JPEG, PNG, GIF, WebP) or PDF, at most 10 MB.
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The spec's message for a picked document, or null when it can be sent. */
export function documentProblem(files: readonly FileLike[]): string | null {
  if (files.length === 0) return Messages.documentMissing;
  if (files.length > 1) return Messages.documentMultiple;
  const [file] = files;
  if (file.size === 0) return Messages.documentEmpty;
  if (file.size > Limits.maxUploadBytes) return Messages.documentTooLarge;
  if (file.type.startsWith('image/') && !IMAGE_TYPES.includes(file.type)) return Messages.documentImageFormat;
  if (!file.type.startsWith('image/') && file.type !== 'application/pdf') return Messages.documentEmpty;
  return null;
}
