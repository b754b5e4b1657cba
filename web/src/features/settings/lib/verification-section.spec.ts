import { verificationSectionMode } from './verification-section';

describe('employment verification section', () => {
  it('offers an upload for none and rejected, read-only for pending and approved', () => {
    expect(verificationSectionMode('none')).toBe('upload');
    expect(verificationSectionMode('rejected')).toBe('upload');
    expect(verificationSectionMode('pending')).toBe('pending');
    expect(verificationSectionMode('approved')).toBe('approved');
    expect(verificationSectionMode(undefined)).toBe('upload');
  });
});
