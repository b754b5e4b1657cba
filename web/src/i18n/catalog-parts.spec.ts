import { appSources } from '../../test/app-sources';
import en from './locales/en.json';
import { catalogPartOf, FIRST_SCREEN_SECTIONS, PAGE_SECTIONS } from './catalog-parts';

describe('the catalogue in three parts', () => {
  it('puts the first screen’s and the shell’s texts first, the help, privacy and admin pages’ last, every other screen’s between', () => {
    expect(catalogPartOf('auth.signIn.title')).toBe('first');
    expect(catalogPartOf('messages.emailRequired')).toBe('first');
    expect(catalogPartOf('nav.discover')).toBe('first');
    expect(catalogPartOf('discovery.empty.title')).toBe('screens');
    expect(catalogPartOf('subscribe.heading')).toBe('screens');
    expect(catalogPartOf('settings.privacy.title')).toBe('screens');
    expect(catalogPartOf('help.faq.title')).toBe('pages');
    expect(catalogPartOf('privacy.title')).toBe('pages');
    expect(catalogPartOf('admin.audit.empty')).toBe('pages');
  });

  it('names only sections that exist, and leaves most texts to the screens', () => {
    const sections = new Set([...Object.keys(en).map((id) => id.slice(0, id.indexOf('.'))), 'messages']);
    expect([...FIRST_SCREEN_SECTIONS, ...PAGE_SECTIONS].filter((s) => !sections.has(s))).toEqual([]);
    const first = Object.keys(en).filter((id) => catalogPartOf(id) === 'first').length;
    expect(first).toBeLessThan(Object.keys(en).length / 3);
  });

  it('shows the pages’ texts only on their pages (features/<section>): no other screen waits for them', () => {
    const pageIds = Object.keys(en).filter((id) => catalogPartOf(id) === 'pages');
    const misplaced = appSources()
      .filter(({ path }) => !PAGE_SECTIONS.some((section) => path.startsWith(`features/${section}/`)))
      .flatMap(({ path, text }) => pageIds.filter((id) => text.includes(`'${id}'`) || text.includes(`"${id}"`)).map((id) => `${path}: ${id}`));
    expect(misplaced).toEqual([]);
  });
});
