import { compileMessage } from '@lingui/message-utils/compileMessage';
import { EditOptions, LIFESTYLE_FIELDS, Messages, RegistrationOptions, TAGLINE, type LifestyleField } from '@aero/contracts/shared';
import { FAQ_TOPICS } from '../features/help/model';
import { policyKeys } from '../features/privacy/model';
import { LOCALES, type Locale } from './languages';
import { OPTION_LISTS, optionKey, type OptionField } from './options';
import { SERVER_CODE_MESSAGES } from './server-errors';
import { placeholders, readCatalog, render } from './testing';

// The four catalogues: complete, consistent, translated.
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, readCatalog(l)])) as Record<Locale, Record<string, string>>;
const en = catalogs.en;
/**
 * The option lists as a select shows them: the empty choice where it offers one ('Not specified'),
 * then the options. A lifestyle field has a list in each form (OPTION_LISTS holds the union of
 * both, where two values of the same meaning share a label); the other fields one list.
 */
const SHOWN_LISTS: { list: string; field: OptionField; values: readonly string[]; empty?: string }[] = [
  ...LIFESTYLE_FIELDS.flatMap((field: LifestyleField) => [
    { list: `registration form, ${field}`, field, values: RegistrationOptions[field], empty: 'common.notSpecified' },
    { list: `profile edit form, ${field}`, field, values: EditOptions[field], empty: 'common.notSpecified' },
  ]),
  ...(Object.entries(OPTION_LISTS) as [OptionField, string[]][])
    .filter(([field]) => !(LIFESTYLE_FIELDS as string[]).includes(field))
    .map(([field, values]) => ({ list: field, field, values, empty: field === 'zodiacSign' ? 'common.notSpecified' : undefined })),
];

/** Words that are the same as in English (checked by hand); anything else the same is untranslated. */
const SAME_AS_ENGLISH: Record<Exclude<Locale, 'en'>, string[]> = {
  es: ['discovery.card.label', 'discovery.viewer.counter', 'discovery.toast.filterError', 'welcome.toast.error', 'profile.stat.matches', 'profile.field.cannabis', 'option.zodiacSign.aries', 'option.zodiacSign.leo', 'option.zodiacSign.virgo', 'option.zodiacSign.libra', 'admin.audit.who', 'chat.toast.newMessageText'],
  fr: [
    'nav.messages', 'toast.viewport', 'toast.notification', 'chat.title', 'chat.input.label', 'photos.count', 'photos.alt', 'register.section.photos', 'profile.stat.conversations',
    'profile.section.photos', 'profile.field.bio', 'profile.field.cannabis', 'profile.field.religion', 'profile.row.distance', 'profile.miles', 'settings.notifications.title',
    'settings.notifications.messages', 'settings.notifications.promotions', 'help.form.message', 'privacy.contact.title', 'option.religion.Sikh', 'option.zodiacSign.cancer',
    'option.distanceUnit.miles', 'discovery.card.label', 'discovery.viewer.counter', 'admin.audit.who', 'admin.reports.photoMessage', 'chat.toast.previewPhoto',
  ],
  de: [
    'profile.stat.matches', 'profile.field.bio', 'profile.field.airline', 'profile.field.position', 'profile.field.cannabis', 'profile.field.religion', 'settings.notifications.likes',
    'option.lookingFor.networking', 'option.religion.Sikh', 'option.position.Management', 'option.supportCategory.matching',
    'discovery.card.label', 'discovery.viewer.counter', 'discovery.stamp.like', 'discovery.action.like', 'discovery.detail.more', 'chat.list.online', 'chat.header.offline', 'activity.type.like',
    'admin.audit.who', 'safety.report.details', 'safety.report.detailsRequired', 'chat.toast.newMessageText',
  ],
};

describe('message catalogues', () => {
  it.each(['es', 'fr', 'de'] as const)('%s has exactly the English ids', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LOCALES)('%s: every message is non-empty, valid ICU and uses the English placeholders', (locale) => {
    for (const [id, message] of Object.entries(catalogs[locale])) {
      expect([id, message.trim().length > 0]).toEqual([id, true]);
      expect(() => compileMessage(message)).not.toThrow();
      expect([id, placeholders(message)]).toEqual([id, placeholders(en[id])]);
    }
  });

  it.each(['es', 'fr', 'de'] as const)('%s leaves no English behind', (locale) => {
    const same = Object.keys(en).filter((id) => catalogs[locale][id] === en[id] && !id.startsWith('option.language.'));
    expect(same.sort()).toEqual([...SAME_AS_ENGLISH[locale]].sort());
  });

  it('French keeps its ! ? : ; on the line of the word before them (a no-break space, not a space)', () => {
    expect(Object.entries(catalogs.fr).filter(([, message]) => / [!?:;]/.test(message))).toEqual([]);
  });

  it("writes sizes in each language's unit: '10 Mo' in French, '10 MB' (spaced) in Spanish and German", () => {
    expect(Object.entries(catalogs.fr).filter(([, message]) => /\d\s*MB|\dMo/.test(message))).toEqual([]);
    for (const locale of ['es', 'de'] as const) expect(Object.entries(catalogs[locale]).filter(([, message]) => /\dMB/.test(message))).toEqual([]);
  });

  it.each(LOCALES)("%s: the card expiry's placeholder is the format its label names", (locale) => {
    expect(catalogs[locale]['subscribe.expiry']).toContain(`(${catalogs[locale]['subscribe.expiryPlaceholder']})`);
  });

  it("keeps the spec's English texts from the shared contracts", () => {
    for (const [key, value] of Object.entries(Messages)) {
      expect(en[`messages.${key}`]).toBe(typeof value === 'function' ? value('{file}') : value);
    }
    expect(render('messages.notAnImage', 'en', { file: 'cv.pdf' })).toBe(Messages.notAnImage('cv.pdf'));
    expect(en['app.tagline']).toBe(TAGLINE);
  });

  it.each(['es', 'fr', 'de'] as const)('%s keeps the numbers of the shared texts (limits)', (locale) => {
    for (const key of Object.keys(Messages)) {
      const digits = en[`messages.${key}`].match(/\d+/g) ?? [];
      for (const d of digits) expect([key, catalogs[locale][`messages.${key}`].includes(d)]).toEqual([key, true]);
    }
  });

  it.each(LOCALES)('%s labels every option of every list', (locale) => {
    for (const [field, values] of Object.entries(OPTION_LISTS) as [OptionField, string[]][]) {
      for (const value of values) expect([optionKey(field, value), catalogs[locale][optionKey(field, value)] !== undefined]).toEqual([optionKey(field, value), true]);
    }
  });

  it.each(LOCALES)('%s never shows the same label twice in one option list', (locale) => {
    const repeated = SHOWN_LISTS.flatMap(({ list, field, values, empty }) => {
      const labels = [...(empty ? [catalogs[locale][empty]] : []), ...values.map((value) => catalogs[locale][optionKey(field, value)])];
      return [...new Set(labels.filter((label, i) => labels.indexOf(label) !== i))].map((label) => `${list}: ${label}`);
    });
    expect(repeated).toEqual([]);
  });

  it.each(LOCALES)('%s has the FAQ, the privacy policy and the server error texts', (locale) => {
    const ids = [...FAQ_TOPICS.flatMap((t) => [`help.faq.${t}.question`, `help.faq.${t}.answer`]), ...policyKeys(), ...Object.values(SERVER_CODE_MESSAGES).map((k) => `messages.${k}`)];
    for (const id of ids) expect([id, catalogs[locale][id] !== undefined]).toEqual([id, true]);
  });

  it('names each language in that language (to find your way back from any of them)', () => {
    for (const locale of LOCALES) {
      expect(['english', 'spanish', 'french', 'german'].map((l) => catalogs[locale][`option.language.${l}`])).toEqual(['English', 'Español', 'Français', 'Deutsch']);
    }
  });
});
