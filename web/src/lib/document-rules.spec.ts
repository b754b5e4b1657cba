import { Limits } from '@aero/contracts/shared';
import { render } from '../i18n/testing';
import { documentProblem as problemText } from './document-rules';

const documentProblem = (files: Parameters<typeof problemText>[0]) => {
  const problem = problemText(files);
  return problem && render(problem);
};

const file = (type: string, size = 2000) => ({ name: 'paystub', type, size });

describe('verification document', () => {
  it('takes one PDF or JPEG/PNG/GIF/WebP image of at most 10 MB', () => {
    expect(documentProblem([file('application/pdf')])).toBeNull();
    expect(documentProblem([file('image/png')])).toBeNull();
    expect(documentProblem([file('image/webp', Limits.maxUploadBytes)])).toBeNull();
  });

  it('answers the spec messages otherwise', () => {
    expect(documentProblem([])).toBe('No files detected');
    expect(documentProblem([file('application/pdf'), file('image/png')])).toBe('Multiple files detected');
    expect(documentProblem([file('application/pdf', 0)])).toBe('Invalid file');
    expect(documentProblem([file('application/pdf', Limits.maxUploadBytes + 1)])).toBe('File too large');
    expect(documentProblem([file('image/tiff')])).toBe('Unsupported image format');
    expect(documentProblem([file('text/plain')])).toBe('Invalid file');
  });
});
