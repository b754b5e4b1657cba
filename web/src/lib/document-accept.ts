// Employment verification document (spec §5): one image (JPEG, PNG, GIF, WebP) or PDF, at most 10 MB.
// What a document picker offers; the checks of a picked file are lib/document-rules.ts, which
// carries the file-type detector and loads only with the screens that check (or once a file is picked).
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';
