import { Limits } from '@aero/contracts/shared';
import { text, type Text } from '../i18n/message-key';
import type { FileLike } from './photo-selection';

// Employment verification document (spec §5): one image (JPEG, PNG, GIF, WebP) or PDF, at most 10 MB.
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The spec's message for a picked document, or null when it can be sent. */
export function documentProblem(files: readonly FileLike[]): Text | null {
  if (files.length === 0) return text('messages.documentMissing');
  if (files.length > 1) return text('messages.documentMultiple');
  const [file] = files;
  if (file.size === 0) return text('messages.documentEmpty');
  if (file.size > Limits.maxUploadBytes) return text('messages.documentTooLarge');
  if (file.type.startsWith('image/') && !IMAGE_TYPES.includes(file.type)) return text('messages.documentImageFormat');
  if (!file.type.startsWith('image/') && file.type !== 'application/pdf') return text('messages.documentEmpty');
  return null;
}
