import { languageOfAcceptLanguage } from './mail-language.js';

describe('the language a request asks for (Accept-Language)', () => {
  it('takes the language of a region subtag, of any case', () => {
    expect(languageOfAcceptLanguage('de-DE,de;q=0.9')).toBe('german');
    expect(languageOfAcceptLanguage('fr-CA')).toBe('french');
    expect(languageOfAcceptLanguage('ES')).toBe('spanish');
    expect(languageOfAcceptLanguage('de')).toBe('german');
  });

  it('goes by q-value, then by order, and passes over languages outside the four and refused ones', () => {
    expect(languageOfAcceptLanguage('es;q=0.1, de;q=0.5')).toBe('german');
    expect(languageOfAcceptLanguage('it-IT, pt;q=0.9, fr;q=0.8, de;q=0.7')).toBe('french');
    expect(languageOfAcceptLanguage('fr, de')).toBe('french');
    expect(languageOfAcceptLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('english');
    expect(languageOfAcceptLanguage('de;q=0, es')).toBe('spanish');
    expect(languageOfAcceptLanguage(['it', 'de-AT'])).toBe('german');
  });

  it('answers English for no header, any language, none of the four, or garbage', () => {
    for (const header of [undefined, '', '*', 'it-IT,pt;q=0.9', 'de;q=0', 'garbage!!', ';;;,,,', 'de-DE;q=abc', '\u0000\u00ff', `de,${'x'.repeat(600)}`]) {
      expect(languageOfAcceptLanguage(header)).toBe('english');
    }
  });
});
