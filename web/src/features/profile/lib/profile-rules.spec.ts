import { render } from '../../../i18n/testing';
import { firstIssues } from '../../../lib/forms';
import { mainPhotoOf } from '../../../lib/current-user';
import { matchCounts } from './match-counts';
import { changedFields, clampAgeInput, editProfileSchema, formFromProfile, type EditForm } from './profile-rules';
import { ageText as ageTextOf, profileSections } from './profile-view-rules';
import type { CurrentUser } from '../../../lib/current-user';

const profile = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  email: 'amelia@example.com',
  isAdmin: false,
  emailVerified: true,
  subscriptionStatus: 'inactive',
  subscriptionExpiresAt: null,
  mustSubscribe: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  agePreferenceMin: 18,
  agePreferenceMax: 99,
  userType: 'airline',
  firstName: 'Amelia',
  age: 29,
  bio: 'Captain on the A320',
  location: 'Dallas, Texas',
  latitude: '32.78',
  longitude: '-96.8',
  airline: 'Delta Air Lines',
  position: 'Pilot',
  baseAirport: null,
  verified: false,
  photos: ['/p/1', '/p/2'],
  mainPhoto: '/p/2',
  profileCompleted: true,
  gender: 'female',
  interestedIn: 'man',
  distancePreference: null,
  drinkingHabits: 'socially',
  smokingHabits: null,
  drugsCannabisCUse: null,
  dietaryPreferences: null,
  pets: 'dog',
  exerciseHabits: null,
  sleepHabits: null,
  relationshipType: null,
  lookingFor: 'long_term',
  religion: null,
  politicalViews: null,
  ethnicity: null,
  languagesSpoken: ['English', 'Spanish'],
  zodiacSign: 'leo',
  ...over,
});

const ageText = (age: number | null | undefined) => {
  const shown = ageTextOf(age);
  return typeof shown === 'string' ? shown : render(shown);
};
const validateEditForm = (form: EditForm, stored: CurrentUser = profile()) =>
  Object.fromEntries(Object.entries(firstIssues(editProfileSchema(stored), form)).map(([field, id]) => [field, render(id!)]));
const ageError = (age: string | number) => validateEditForm({ ...formFromProfile(profile()), age: String(age) }).age;

describe('profile view helpers', () => {
  it("says 'Age not specified' when the age is missing or under 18", () => {
    expect(ageText(29)).toBe('29');
    expect(ageText(18)).toBe('18');
    expect(ageText(null)).toBe('Age not specified');
    expect(ageText(undefined)).toBe('Age not specified');
    expect(ageText(17)).toBe('Age not specified');
  });

  it('lists only filled rows and leaves out empty sections', () => {
    const sections = profileSections(profile());
    expect(sections.map((s) => s.title)).toEqual(['Lifestyle', 'Relationships', 'Beliefs']);
    const shown = (locale: 'en' | 'fr') => sections[0].rows.map((r) => [render(r.label, locale), r.field ? render(`option.${r.field}.${r.value}` as never, locale) : r.value]);
    expect(shown('en')).toEqual([
      ['Drinking', 'Socially'],
      ['Pets', 'Dog'],
    ]);
    expect(shown('fr')).toEqual([
      ['Alcool', 'En société'],
      ['Animaux', 'Chien'],
    ]);
    expect(sections[2].rows).toContainEqual({ label: 'profile.row.languages', value: 'English, Spanish' });
    expect(profileSections(profile({ drinkingHabits: null, pets: null })).map((s) => s.title)).toEqual(['Relationships', 'Beliefs']);
  });

  it('marks the stored main photo, else the first', () => {
    expect(mainPhotoOf(profile())).toBe('/p/2');
    expect(mainPhotoOf(profile({ mainPhoto: '/gone' }))).toBe('/p/1');
    expect(mainPhotoOf(profile({ photos: [], mainPhoto: null }))).toBeNull();
  });
});

describe('edit form', () => {
  it('clamps ages under 18 to 18 and leaves other input alone', () => {
    expect(clampAgeInput('12')).toBe('18');
    expect(clampAgeInput('-3')).toBe('18');
    expect(clampAgeInput('44')).toBe('44');
    expect(clampAgeInput('')).toBe('');
  });

  it('validates age 18 to 120 and a required first name with the spec texts', () => {
    expect(ageError('17')).toBe('Must be at least 18 years old');
    expect(ageError('121')).toBe('Invalid age');
    expect(ageError('abc')).toBe('Invalid age');
    expect(ageError('30.5')).toBe('Invalid age');
    expect(ageError(120)).toBeUndefined();
    const form = { ...formFromProfile(profile()), firstName: '  ', age: '15' };
    expect(validateEditForm(form)).toEqual({ firstName: 'First name is required', age: 'Must be at least 18 years old' });
  });

  it("refuses texts over the server's limits under their fields, with the server's texts", () => {
    const form = formFromProfile(profile());
    expect(validateEditForm({ ...form, firstName: 'W'.repeat(51) })).toEqual({ firstName: 'First name must be at most 50 characters' });
    expect(validateEditForm({ ...form, firstName: 'W'.repeat(50) })).toEqual({});
    expect(validateEditForm({ ...form, bio: 'b'.repeat(1001) })).toEqual({ bio: 'Bio must be at most 1000 characters' });
    expect(validateEditForm({ ...form, bio: '' })).toEqual({});
    expect(validateEditForm({ ...form, dietaryPreferences: 'd'.repeat(101), sleepHabits: 's'.repeat(101), politicalViews: 'p'.repeat(101) })).toEqual({
      dietaryPreferences: 'Dietary preferences must be at most 100 characters',
      sleepHabits: 'Sleep habits must be at most 100 characters',
      politicalViews: 'Political views must be at most 100 characters',
    });
    expect(validateEditForm({ ...form, languagesSpoken: `English, ${'x'.repeat(41)}` })).toEqual({ languagesSpoken: 'Each language must be at most 40 characters' });
  });

  it('takes a new location only as a suggestion chosen from the list; one stored without coordinates may stay', () => {
    const form = formFromProfile(profile());
    expect(form.place).toEqual({ location: 'Dallas, Texas', latitude: '32.78', longitude: '-96.8' });
    expect(validateEditForm(form)).toEqual({});
    expect(validateEditForm({ ...form, place: { location: 'Aus', latitude: null, longitude: null } })).toEqual({ place: 'Choose a place from the list' });
    // typed again to the same text: the choice (and its coordinates) is gone
    expect(validateEditForm({ ...form, place: { location: 'Dallas, Texas', latitude: null, longitude: null } })).toEqual({ place: 'Choose a place from the list' });
    expect(validateEditForm({ ...form, place: { location: '', latitude: null, longitude: null } })).toEqual({});
    expect(validateEditForm({ ...form, place: { location: 'Austin, Texas', latitude: '30.26', longitude: '-97.74' } })).toEqual({});
    // a location saved without coordinates (before this rule, or through the API) may stay as it is, not become another
    const legacy = profile({ location: 'Denv', latitude: null, longitude: null });
    expect(validateEditForm(formFromProfile(legacy), legacy)).toEqual({});
    expect(changedFields(formFromProfile(legacy), legacy)).toEqual({});
    expect(validateEditForm({ ...formFromProfile(legacy), place: { location: 'Denve', latitude: null, longitude: null } }, legacy)).toEqual({ place: 'Choose a place from the list' });
  });

  it('sends only what changed, in the server types', () => {
    const p = profile();
    const form = formFromProfile(p);
    expect(changedFields(form, p)).toEqual({});
    expect(changedFields({ ...form, bio: ' New bio ', age: '30', distancePreference: '50', pets: '', languagesSpoken: 'English,  French' }, p)).toEqual({
      bio: 'New bio',
      age: 30,
      distancePreference: 50,
      pets: null,
      languagesSpoken: ['English', 'French'],
    });
    expect(changedFields({ ...form, place: { location: 'Austin, Texas', latitude: '30.26', longitude: '-97.74' } }, p)).toEqual({ location: 'Austin, Texas', latitude: '30.26', longitude: '-97.74' });
    expect(changedFields({ ...form, place: { location: '', latitude: null, longitude: null } }, p)).toEqual({ location: '', latitude: null, longitude: null });
  });

  it('never sends airline or position for general users', () => {
    const p = profile({ userType: 'general', airline: null, position: null });
    expect(changedFields({ ...formFromProfile(p), airline: 'Delta Air Lines' }, p)).toEqual({});
  });
});

describe("My Profile's counts from the match list", () => {
  it('counts matches, and conversations as matches with messages', () => {
    expect(matchCounts(undefined)).toEqual({ matches: 0, conversations: 0 });
    expect(matchCounts([{ hasMessages: true }, { hasMessages: false }, { hasMessages: true }])).toEqual({ matches: 3, conversations: 2 });
  });
});
