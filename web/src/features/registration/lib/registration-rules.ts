import * as v from 'valibot';
import { Limits, RegistrationOptions } from '@aero/contracts/shared';
import { type MessageKey, text, type Text } from '../../../i18n/message-key';
import { ageField, msg, requiredText } from '../../../lib/forms';
import { languagesField, maxChars, noPlace, placeField, type PlaceValue } from '../../../lib/profile-text-fields';
import { storedPlace } from '../../../lib/stored-place';

// Create Profile (spec §2, §4 Registration, §5 Registration profile form) as pure functions.

export type RegisterUserType = 'airline' | 'general';

export interface RegisterQuery {
  userType: RegisterUserType;
  fromSubscription: boolean;
}

/** ?type=airline|general (default general) and from=subscription. */
export function parseRegisterQuery(search: URLSearchParams): RegisterQuery {
  return { userType: search.get('type') === 'airline' ? 'airline' : 'general', fromSubscription: search.get('from') === 'subscription' };
}

/** Back: /subscribe if from subscription, else /welcome if logged in, else /. */
export function backTarget(query: RegisterQuery, loggedIn: boolean): '/subscribe' | '/welcome' | '/' {
  if (query.fromSubscription) return '/subscribe';
  return loggedIn ? '/welcome' : '/';
}

export type LifestyleKey = keyof typeof RegistrationOptions;

export interface RegistrationForm extends Record<LifestyleKey, string> {
  gender: string;
  interestedIn: string;
  firstName: string;
  age: string;
  bio: string;
  /** the location chosen from the suggestions, with its coordinates */
  place: PlaceValue;
  airline: string;
  position: string;
  zodiacSign: string;
  /** comma-separated free text */
  languagesSpoken: string;
}

export const initialRegistrationForm = (): RegistrationForm => ({
  gender: '',
  interestedIn: '',
  firstName: '',
  age: String(Limits.ageDefault),
  bio: '',
  place: noPlace(),
  airline: '',
  position: '',
  drinkingHabits: '',
  smokingHabits: '',
  drugsCannabisCUse: '',
  pets: '',
  exerciseHabits: '',
  relationshipType: '',
  lookingFor: '',
  religion: '',
  ethnicity: '',
  zodiacSign: '',
  languagesSpoken: '',
});

/**
 * The Create Profile schema (spec §5): gender, interested in, first name, age (18 to 120), bio,
 * location (chosen from the suggestions) and at least one photo are required; the rest is
 * optional. Texts have the server's length limits (`Limits`), with its texts.
 */
export const registrationSchema = v.object({
  gender: requiredText('messages.genderRequired'),
  interestedIn: requiredText('messages.interestedInRequired'),
  firstName: v.pipe(requiredText('messages.firstNameRequired'), maxChars(Limits.firstNameMaxChars, 'messages.firstNameTooLong')),
  age: ageField,
  bio: v.pipe(requiredText('messages.bioRequired'), maxChars(Limits.bioMaxChars, 'messages.bioTooLong')),
  place: placeField({ required: true }),
  airline: v.string(),
  position: v.string(),
  drinkingHabits: v.string(),
  smokingHabits: v.string(),
  drugsCannabisCUse: v.string(),
  pets: v.string(),
  exerciseHabits: v.string(),
  relationshipType: v.string(),
  lookingFor: v.string(),
  religion: v.string(),
  ethnicity: v.string(),
  zodiacSign: v.string(),
  languagesSpoken: languagesField,
  /** photos picked (the picker holds the files) */
  photoCount: v.pipe(v.number(), v.minValue(1, msg('messages.photosRequired'))),
});

export type RegistrationValues = v.InferInput<typeof registrationSchema>;

/** where this tab keeps a member's unfinished Create Profile (sessionStorage, emptied when the session ends) */
export const registrationDraftKey = (userId: string) => `aero.registration-draft.${userId}`;

/**
 * A Create Profile draft as kept across a reload of the tab (a phone's browser reloads a tab it put
 * away, such as while the camera took the photo to pick), read back: each field that holds text, the
 * chosen place with its coordinates; anything else is the empty form's. The photos and the document
 * went with the page (their files were that page's): they are picked again.
 */
export function restoredRegistrationDraft(stored: unknown): RegistrationForm {
  const form = initialRegistrationForm();
  if (!stored || typeof stored !== 'object') return form;
  const draft = stored as Record<string, unknown>;
  const texts = Object.keys(form).filter((key): key is Exclude<keyof RegistrationForm, 'place'> => key !== 'place');
  for (const key of texts) if (typeof draft[key] === 'string') form[key] = draft[key];
  form.place = storedPlace(draft.place) ?? form.place;
  return form;
}

/** POST /api/users body: required fields, optional ones only when chosen, airline fields for airline staff. */
export function createProfileBody(form: RegistrationForm, userType: RegisterUserType, photos: string[], mainPhoto: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = {
    userType,
    gender: form.gender,
    interestedIn: form.interestedIn,
    firstName: form.firstName.trim(),
    age: Number(form.age),
    bio: form.bio.trim(),
    location: form.place.location.trim(),
    photos,
    mainPhoto,
  };
  if (form.place.latitude && form.place.longitude) {
    body.latitude = form.place.latitude;
    body.longitude = form.place.longitude;
  }
  if (userType === 'airline') {
    if (form.airline) body.airline = form.airline;
    if (form.position) body.position = form.position;
  }
  for (const key of Object.keys(RegistrationOptions) as LifestyleKey[]) if (form[key]) body[key] = form[key];
  if (form.zodiacSign) body.zodiacSign = form.zodiacSign;
  if (form.languagesSpoken.trim()) body.languagesSpoken = form.languagesSpoken;
  return body;
}

/** Where a successful registration leads (spec §4 Registration). */
export type AfterRegistration = { kind: 'upload-document' } | { kind: 'go'; to: '/swipe' | '/subscribe' } | { kind: 'check-subscription' };

export function afterRegistration(query: RegisterQuery, hasDocument: boolean): AfterRegistration {
  if (query.userType === 'airline') return hasDocument ? { kind: 'upload-document' } : { kind: 'go', to: '/swipe' };
  return query.fromSubscription ? { kind: 'check-subscription' } : { kind: 'go', to: '/subscribe' };
}

/**
 * The toast of a profile created (spec §4): 'Profile created successfully!', and 'Your employment
 * verification is being processed.' only when an employment document was actually sent (an airline
 * member may register without one, or remove theirs before submitting).
 */
export function createdToast(documentSent: boolean): { title: MessageKey; description?: MessageKey } {
  return documentSent ? { title: 'register.toast.created', description: 'register.toast.createdAirline' } : { title: 'register.toast.created' };
}

/** get-or-create subscription after registration: active → /swipe; otherwise 'Verifying payment...' and /subscribe; failure → /swipe. */
export function afterSubscriptionCheck(result: 'active' | 'inactive' | 'failed'): { to: '/swipe' | '/subscribe'; toast?: Text } {
  if (result === 'inactive') return { to: '/subscribe', toast: text('register.toast.verifyingPayment') };
  return { to: '/swipe' };
}
