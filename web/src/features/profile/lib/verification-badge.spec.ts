import { render } from '../../../i18n/testing';
import { verificationBadge } from './verification-badge';

const shown = (status: Parameters<typeof verificationBadge>[0], locale: 'en' | 'de' = 'en') => {
  const found = verificationBadge(status);
  return found && { badge: found.badge && render(found.badge, locale), text: render(found.text, locale), upload: found.upload };
};

describe("My Profile's employment verification status (spec §4)", () => {
  it("pending reads 'Under Review', read-only", () => {
    expect(shown('pending')).toEqual({ badge: 'Under Review', text: "We'll review your document within 24 to 48 hours.", upload: false });
    expect(shown('pending', 'de')?.badge).toBe('In Prüfung');
  });

  it("rejected says so, with the way to upload again", () => {
    expect(shown('rejected')).toEqual({ badge: 'Verification rejected', text: 'Your last document was not accepted. Please upload a new one.', upload: true });
  });

  it('none asks for the document', () => {
    expect(shown('none')).toEqual({ badge: null, text: 'Upload a recent paystub (image or PDF, max 10MB) to get your verified badge.', upload: true });
  });

  it('approved, or not known yet, shows nothing (the verified badge tells the first)', () => {
    expect(verificationBadge('approved')).toBeNull();
    expect(verificationBadge(undefined)).toBeNull();
  });
});
