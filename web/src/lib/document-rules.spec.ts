import type { FileKind } from '@aero/contracts/file-type';
import { Limits } from '@aero/contracts/shared';
import { render } from '../i18n/testing';
import { documentProblem as problemText } from './document-rules';

const documentProblem = (files: Parameters<typeof problemText>[0]) => {
  const problem = problemText(files);
  return problem && render(problem);
};

// a picked file with the kind its first bytes say (never its name's)
const file = (kind: FileKind, size = 2000) => ({ file: { name: 'paystub.pdf', size }, kind });
const PDF: FileKind = { kind: 'pdf' };
const image = (format: Extract<FileKind, { kind: 'image' }>['format']): FileKind => ({ kind: 'image', format });

describe('verification document', () => {
  it('takes one PDF or JPEG/PNG/GIF/WebP image of at most 10 MB', () => {
    expect(documentProblem([file(PDF)])).toBeNull();
    for (const format of ['jpeg', 'png', 'gif'] as const) expect(documentProblem([file(image(format))])).toBeNull();
    expect(documentProblem([file(image('webp'), Limits.maxUploadBytes)])).toBeNull();
  });

  it('answers the spec messages otherwise', () => {
    expect(documentProblem([])).toBe('No files detected');
    expect(documentProblem([file(PDF), file(image('png'))])).toBe('Multiple files detected');
    expect(documentProblem([file(PDF, 0)])).toBe('Invalid file');
    expect(documentProblem([file(PDF, Limits.maxUploadBytes + 1)])).toBe('File too large');
    expect(documentProblem([file(image('tiff'))])).toBe('Unsupported image format');
    expect(documentProblem([file(image('heif'))])).toBe('Unsupported image format');
    // by content: a text file, whatever it is named, is not a document
    expect(documentProblem([file({ kind: 'unknown' })])).toBe('Invalid file');
    expect(documentProblem([file({ kind: 'audio', format: 'ogg' })])).toBe('Invalid file');
    // a small image of more pixels than the server takes (one the browser could not measure is left to the server)
    expect(documentProblem([{ ...file(image('jpeg')), pixels: 9000 * 9000 }])).toBe('paystub.pdf has too many pixels (max 60 megapixels)');
    expect(documentProblem([{ ...file(image('jpeg')), pixels: null }])).toBeNull();
  });
});
