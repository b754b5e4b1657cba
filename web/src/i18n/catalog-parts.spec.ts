import en from './locales/en.json';
import { catalogPartOf, FIRST_SCREEN_SECTIONS } from './catalog-parts';

describe('the catalogue in two parts', () => {
  it('puts the first screen’s and the shell’s texts first, every screen’s texts after', () => {
    expect(catalogPartOf('auth.signIn.title')).toBe('first');
    expect(catalogPartOf('messages.emailRequired')).toBe('first');
    expect(catalogPartOf('nav.discover')).toBe('first');
    expect(catalogPartOf('discovery.empty.title')).toBe('screens');
    expect(catalogPartOf('subscribe.heading')).toBe('screens');
  });

  it('names only sections that exist, and leaves most texts to the screens', () => {
    const sections = new Set([...Object.keys(en).map((id) => id.slice(0, id.indexOf('.'))), 'messages']);
    expect(FIRST_SCREEN_SECTIONS.filter((s) => !sections.has(s))).toEqual([]);
    const first = Object.keys(en).filter((id) => catalogPartOf(id) === 'first').length;
    expect(first).toBeLessThan(Object.keys(en).length / 3);
  });
});
