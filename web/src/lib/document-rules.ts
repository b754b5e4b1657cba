import { isDocumentImageFormat } from '@aero/contracts/file-type';
import { Limits } from '@aero/contracts/shared';
import { text, type Text } from '../i18n/message-key';
import { readPickedFiles } from './file-kind';
import { type FileLike, type PickedFile, pixelsProblem } from './photo-selection';

// Employment verification document (spec §5): one image (JPEG, PNG, GIF, WebP) or PDF, at most 10 MB
// (what a picker offers: lib/document-accept.ts).

/**
 * The spec's message for a picked document, or null when it can be sent. Its type is its content
 * (`kind`, as the server decides it): a PDF, or an image of contracts' DOCUMENT_IMAGE_FORMATS.
 */
export function documentProblem<F extends FileLike>(picked: readonly PickedFile<F>[]): Text | null {
  if (picked.length === 0) return text('messages.documentMissing');
  if (picked.length > 1) return text('messages.documentMultiple');
  const [{ file, kind, pixels }] = picked;
  if (file.size === 0) return text('messages.documentEmpty');
  if (file.size > Limits.maxUploadBytes) return text('messages.documentTooLarge');
  if (kind.kind === 'pdf') return null;
  // neither a PDF nor an image: the server's text for it (spec §5 names none)
  if (kind.kind !== 'image') return text('messages.documentEmpty');
  if (!isDocumentImageFormat(kind.format)) return text('messages.documentImageFormat');
  return pixelsProblem(file, pixels);
}

/** the spec's message for the files picked as a document, their types read from their first bytes as the server reads them */
export const pickedDocumentProblem = async (files: readonly File[]): Promise<Text | null> => documentProblem(await readPickedFiles(files));
