import { memoryStorage } from '../../../lib/current-user/testing';
import type { CurrentUser } from '../../../lib/current-user';
import { hasProfileDraft } from './has-profile-draft';
import { draftOf, forgetProfileDraft, keepProfileDraft, withProfileDraft } from './profile-draft';
import { formFromProfile } from './profile-rules';

const saved = formFromProfile({ firstName: 'Amelia', age: 29, bio: 'Captain on the A320', location: 'Dallas, Texas', latitude: '32.78', longitude: '-96.8', drinkingHabits: 'socially', languagesSpoken: [] } as unknown as CurrentUser);
const denver = { location: 'Denver, Colorado', latitude: '39.74', longitude: '-104.99' };

describe('Edit Profile drafts', () => {
  let tab: ReturnType<typeof memoryStorage>;
  beforeEach(() => (tab = memoryStorage('sessionStorage')));
  afterEach(() => tab.restore());

  it('keeps only the fields changed from the saved profile, the place with its coordinates', () => {
    expect(draftOf(saved, saved)).toEqual({});
    expect(draftOf({ ...saved, bio: 'First officer now', drinkingHabits: '', place: denver }, saved)).toEqual({ bio: 'First officer now', drinkingHabits: '', place: denver });
    // typing a new location without choosing one is a change too (the form refuses it at Save)
    expect(draftOf({ ...saved, place: { location: 'Denv', latitude: null, longitude: null } }, saved)).toEqual({ place: { location: 'Denv', latitude: null, longitude: null } });
  });

  it('reads the changes back over the profile, per member, until forgotten; none kept is no draft', () => {
    keepProfileDraft('u1', { bio: 'First officer now', place: denver });
    expect(hasProfileDraft('u1')).toBe(true);
    expect(hasProfileDraft('u2')).toBe(false);
    expect(withProfileDraft('u1', saved)).toEqual({ ...saved, bio: 'First officer now', place: denver });
    expect(withProfileDraft('u2', saved)).toEqual(saved);

    // the member changed everything back
    keepProfileDraft('u1', {});
    expect(hasProfileDraft('u1')).toBe(false);
    expect(tab.storage.size).toBe(0);

    keepProfileDraft('u1', { firstName: 'Amy' });
    forgetProfileDraft('u1');
    expect(withProfileDraft('u1', saved)).toEqual(saved);
  });

  it('takes from what is kept only the form’s own fields, each of its kind', () => {
    const key = [...(keepProfileDraft('u1', { bio: 'x' }), tab.storage.keys())][0]!;
    tab.storage.set(key, '{"bio":42,"firstName":"Amy","isAdmin":"true","__proto__":"x","constructor":"y","toString":"z","place":{"location":7},"age":"31"}');
    const form = withProfileDraft('u1', saved);
    expect(form).toEqual({ ...saved, firstName: 'Amy', age: '31' });
    expect(Object.keys(form).sort()).toEqual(Object.keys(saved).sort());
    tab.storage.set(key, 'not json');
    expect(withProfileDraft('u1', saved)).toEqual(saved);
    expect(hasProfileDraft('u1')).toBe(false);
  });
});
