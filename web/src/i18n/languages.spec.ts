import { detectLanguage, localeOf } from './languages';

describe('language of the browser (default setting)', () => {
  it('takes the first browser language that is one of the four', () => {
    expect(detectLanguage(['es-MX', 'en-US'])).toBe('spanish');
    expect(detectLanguage(['it-IT', 'fr-CA', 'de'])).toBe('french');
    expect(detectLanguage(['DE_at'])).toBe('german');
  });

  it('is English otherwise', () => {
    expect(detectLanguage(['it-IT', 'pt-BR'])).toBe('english');
    expect(detectLanguage([])).toBe('english');
    expect(detectLanguage(undefined)).toBe('english');
  });

  it('maps the settings values to locales', () => {
    expect(['english', 'spanish', 'french', 'german'].map((l) => localeOf(l as Parameters<typeof localeOf>[0]))).toEqual(['en', 'es', 'fr', 'de']);
  });
});
