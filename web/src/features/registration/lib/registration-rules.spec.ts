import { render } from '../../../i18n/testing';
import { firstIssues } from '../../../lib/forms';
import { afterRegistration, afterSubscriptionCheck, createdToast, backTarget, createProfileBody, initialRegistrationForm, parseRegisterQuery, registrationSchema, restoredRegistrationDraft, type RegistrationForm } from './registration-rules';

const validateRegistration = (form: RegistrationForm, photoCount: number, locale: Parameters<typeof render>[1] = 'en') =>
  Object.fromEntries(Object.entries(firstIssues(registrationSchema, { ...form, photoCount })).map(([field, id]) => [field, render(id!, locale)]));

const dallas = { location: 'Dallas, Texas', latitude: '32.78', longitude: '-96.8' };
const filled = () => ({ ...initialRegistrationForm(), gender: 'female', interestedIn: 'man', firstName: ' Amelia ', bio: 'Captain', place: dallas });

describe('create profile', () => {
  it('reads type (default general) and from=subscription', () => {
    expect(parseRegisterQuery(new URLSearchParams('type=airline'))).toEqual({ userType: 'airline', fromSubscription: false });
    expect(parseRegisterQuery(new URLSearchParams('type=general&from=subscription'))).toEqual({ userType: 'general', fromSubscription: true });
    expect(parseRegisterQuery(new URLSearchParams('type=pilot')).userType).toBe('general');
  });

  it('goes back to /subscribe from subscription, else /welcome when logged in, else /', () => {
    expect(backTarget({ userType: 'general', fromSubscription: true }, true)).toBe('/subscribe');
    expect(backTarget({ userType: 'airline', fromSubscription: false }, true)).toBe('/welcome');
    expect(backTarget({ userType: 'airline', fromSubscription: false }, false)).toBe('/');
  });

  it('starts at age 25 and asks for the required fields with the spec texts', () => {
    const form = initialRegistrationForm();
    expect(form.age).toBe('25');
    expect(validateRegistration(form, 0)).toEqual({
      gender: 'Gender is required',
      interestedIn: "Please specify who you're interested in",
      firstName: 'First name is required',
      bio: 'Bio is required',
      place: 'Location is required',
      photoCount: 'At least one photo is required',
    });
    expect(validateRegistration({ ...filled(), gender: '' }, 1, 'de')).toEqual({ gender: 'Geschlecht ist erforderlich' });
    expect(validateRegistration({ ...filled(), age: '17' }, 1)).toEqual({ age: 'Must be at least 18 years old' });
    expect(validateRegistration({ ...filled(), age: '130' }, 1)).toEqual({ age: 'Invalid age' });
    expect(validateRegistration(filled(), 1)).toEqual({});
  });

  it('takes a location only as a suggestion chosen from the list, with its coordinates (spec §5 Location search)', () => {
    // typed without choosing, or typed again after a choice (which drops its coordinates)
    expect(validateRegistration({ ...filled(), place: { location: 'Denv', latitude: null, longitude: null } }, 1)).toEqual({ place: 'Choose a place from the list' });
    expect(validateRegistration({ ...filled(), place: { location: 'Dallas, Texas', latitude: null, longitude: null } }, 1, 'de')).toEqual({ place: 'Wähle einen Ort aus der Liste' });
    expect(validateRegistration({ ...filled(), place: { location: '  ', latitude: null, longitude: null } }, 1)).toEqual({ place: 'Location is required' });
    expect(validateRegistration({ ...filled(), place: { location: 'Denver, Colorado', latitude: '39.74', longitude: '-104.99' } }, 1)).toEqual({});
  });

  it("refuses texts over the server's limits under their fields, with the server's texts", () => {
    expect(validateRegistration({ ...filled(), firstName: 'W'.repeat(51) }, 1)).toEqual({ firstName: 'First name must be at most 50 characters' });
    expect(validateRegistration({ ...filled(), firstName: 'W'.repeat(51) }, 1, 'fr')).toEqual({ firstName: 'Le prénom peut contenir au maximum 50 caractères' });
    // as the server counts them: trimmed, an emoji is one character
    expect(validateRegistration({ ...filled(), firstName: ` ${'W'.repeat(49)}😀 ` }, 1)).toEqual({});
    expect(validateRegistration({ ...filled(), bio: 'b'.repeat(1001) }, 1)).toEqual({ bio: 'Bio must be at most 1000 characters' });
    expect(validateRegistration({ ...filled(), bio: 'b'.repeat(1000) }, 1)).toEqual({});
    expect(validateRegistration({ ...filled(), languagesSpoken: Array.from({ length: 21 }, (_, i) => `L${i}`).join(', ') }, 1)).toEqual({ languagesSpoken: 'At most 20 languages' });
    expect(validateRegistration({ ...filled(), languagesSpoken: `English, ${'x'.repeat(41)}` }, 1, 'es')).toEqual({ languagesSpoken: 'Cada idioma puede tener como máximo 40 caracteres' });
    expect(validateRegistration({ ...filled(), languagesSpoken: 'English, , Spanish,' }, 1)).toEqual({});
  });

  it('sends airline fields only for airline staff and options only when chosen', () => {
    const form = { ...filled(), airline: 'Delta Air Lines', position: 'Pilot', drinkingHabits: 'socially', languagesSpoken: 'English, Spanish' };
    const airline = createProfileBody(form, 'airline', ['/p/1'], '/p/1');
    expect(airline).toMatchObject({ userType: 'airline', firstName: 'Amelia', age: 25, airline: 'Delta Air Lines', position: 'Pilot', drinkingHabits: 'socially', languagesSpoken: 'English, Spanish', location: 'Dallas, Texas', latitude: '32.78', longitude: '-96.8' });
    expect(airline).not.toHaveProperty('religion');
    const general = createProfileBody(form, 'general', ['/p/1'], '/p/1');
    expect(general).not.toHaveProperty('airline');
    expect(general).not.toHaveProperty('position');
  });

  it('continues per spec §4 after registering', () => {
    expect(afterRegistration({ userType: 'airline', fromSubscription: false }, true)).toEqual({ kind: 'upload-document' });
    expect(afterRegistration({ userType: 'airline', fromSubscription: false }, false)).toEqual({ kind: 'go', to: '/swipe' });
    expect(afterRegistration({ userType: 'general', fromSubscription: false }, false)).toEqual({ kind: 'go', to: '/subscribe' });
    expect(afterRegistration({ userType: 'general', fromSubscription: true }, false)).toEqual({ kind: 'check-subscription' });
    // 'being processed' only once a document was sent: not for an airline member who registered without one
    expect(createdToast(true)).toEqual({ title: 'register.toast.created', description: 'register.toast.createdAirline' });
    expect(createdToast(false)).toEqual({ title: 'register.toast.created' });
    expect(afterSubscriptionCheck('active')).toEqual({ to: '/swipe' });
    const inactive = afterSubscriptionCheck('inactive');
    expect(inactive.to).toBe('/subscribe');
    expect(render(inactive.toast!)).toBe('Verifying payment...');
    expect(afterSubscriptionCheck('failed')).toEqual({ to: '/swipe' });
  });

  it('reads back a kept draft field by field, and anything malformed as the empty form', () => {
    const kept = { ...filled(), drinkingHabits: 'socially', languagesSpoken: 'English' };
    expect(restoredRegistrationDraft(JSON.parse(JSON.stringify(kept)))).toEqual(kept);
    for (const stored of [null, undefined, 'draft', 42, []]) expect(restoredRegistrationDraft(stored)).toEqual(initialRegistrationForm());
    // a field of another shape is the empty form's; a typed place without a choice keeps its text only
    expect(restoredRegistrationDraft({ firstName: 7, bio: 'Hi', age: null, place: { location: 'Dal', latitude: 1 }, photoCount: 3 })).toEqual({
      ...initialRegistrationForm(),
      bio: 'Hi',
      place: { location: 'Dal', latitude: null, longitude: null },
    });
    expect(restoredRegistrationDraft({ place: 'Dallas' }).place).toEqual(initialRegistrationForm().place);
  });
});
