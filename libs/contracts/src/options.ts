/**
 * Option lists of spec §3, shared by gateway, services and web. The registration form and the
 * profile edit form offer different lists for some lifestyle fields; the server accepts a value
 * from either (`profileFieldValues`).
 */
export const GENDERS = ['male', 'female'] as const;
export const INTERESTED_IN = ['man', 'woman', 'both'] as const;
export const AIRLINES = [
  'American Airlines',
  'Delta Air Lines',
  'United Airlines',
  'Southwest Airlines',
  'JetBlue Airways',
  'Alaska Airlines',
  'Spirit Airlines',
  'Frontier Airlines',
] as const;
export const POSITIONS = ['Pilot', 'Co-Pilot', 'Flight Attendant', 'Senior Flight Attendant', 'Ground Crew', 'Airport Operations', 'Aircraft Mechanic', 'Air Traffic Controller'] as const;
export const ZODIAC_SIGNS = ['aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces'] as const;

/** Registration form lists (spec §3 "Registration form"). */
export const RegistrationOptions = {
  drinkingHabits: ['never', 'rarely', 'socially', 'regularly'],
  smokingHabits: ['never', 'occasionally', 'regularly'],
  drugsCannabisCUse: ['never', 'occasionally', 'regularly'],
  pets: ['none', 'dog', 'cat', 'both', 'other'],
  exerciseHabits: ['never', 'rarely', 'weekly', 'daily'],
  relationshipType: ['monogamous', 'open', 'polyamorous'],
  lookingFor: ['long_term', 'short_term', 'friends', 'hookup', 'marriage'],
  religion: ['Christian', 'Catholic', 'Protestant', 'Muslim', 'Jewish', 'Hindu', 'Buddhist', 'Sikh', 'Spiritual but not religious', 'Agnostic', 'Atheist', 'Other', 'Prefer not to say'],
  ethnicity: ['White', 'Black or African American', 'Hispanic or Latino', 'Asian', 'Native American', 'Pacific Islander', 'Middle Eastern', 'Mixed Race', 'Other', 'Prefer not to say'],
} as const;

/** Profile edit form lists (spec §3 "Profile edit form"). */
export const EditOptions = {
  drinkingHabits: ['never', 'rarely', 'socially', 'regularly', 'prefer-not-to-say'],
  smokingHabits: ['never', 'occasionally', 'socially', 'regularly', 'prefer-not-to-say'],
  pets: ['none', 'dog', 'cat', 'both', 'other'],
  exerciseHabits: ['never', 'rarely', '1-2-times-week', '3-4-times-week', 'daily', 'multiple-daily'],
  drugsCannabisCUse: ['never', 'occasionally', 'regularly', 'prefer-not-to-say'],
  relationshipType: ['monogamous', 'non-monogamous', 'open', 'polyamorous', 'prefer-not-to-say'],
  lookingFor: ['long-term', 'short-term', 'casual', 'friends', 'networking', 'not-sure'],
  religion: ['agnostic', 'atheist', 'buddhist', 'christian', 'hindu', 'jewish', 'muslim', 'spiritual', 'other', 'prefer-not-to-say'],
  ethnicity: ['african-black', 'asian', 'hispanic-latino', 'native-american', 'pacific-islander', 'white-caucasian', 'middle-eastern', 'mixed-race'],
} as const;

/** Distance preference in miles; null = none. */
export const DISTANCE_OPTIONS = [10, 25, 50, 100, 250] as const;

export type LifestyleField = keyof typeof RegistrationOptions;
export const LIFESTYLE_FIELDS = Object.keys(RegistrationOptions) as LifestyleField[];

/** Every value the server accepts for a lifestyle field: the union of both forms' lists. */
export const profileFieldValues = (field: LifestyleField): string[] => [...new Set<string>([...RegistrationOptions[field], ...EditOptions[field]])];

/** Filter dialog lists (spec §3 "Filter dialog"). */
export const FilterOptions = {
  airlines: AIRLINES.map((a) => (a === 'JetBlue Airways' ? 'JetBlue' : a)),
  positions: ['Pilot', 'Flight Attendant', 'Air Traffic Controller', 'Aircraft Mechanic', 'Ground Crew', 'Customer Service', 'Operations', 'Management'],
  gender: ['male', 'female', 'everyone'],
} as const;

/**
 * The profiles' positions each of the filter dialog's positions finds: the dialog's list is more
 * general than the registration form's (a pilot filter finds co-pilots too, 'Operations' the airport
 * operations staff); a position not listed here finds only itself.
 */
const FILTER_POSITION_MATCHES: Readonly<Record<string, readonly string[]>> = {
  Pilot: ['Pilot', 'Co-Pilot'],
  'Flight Attendant': ['Flight Attendant', 'Senior Flight Attendant'],
  Operations: ['Operations', 'Airport Operations'],
};
export const filterPositionMatches = (position: string): readonly string[] => (Object.hasOwn(FILTER_POSITION_MATCHES, position) ? FILTER_POSITION_MATCHES[position]! : [position]);

/** Local settings (held only in the browser, spec §3). */
export const SettingsOptions = {
  profileVisibility: ['everyone', 'verified-only', 'hidden'],
  distanceUnit: ['miles', 'kilometers'],
  language: ['english', 'spanish', 'french', 'german'],
  theme: ['light', 'dark', 'auto'],
} as const;

/** One of the four languages the settings offer (the app's texts, and the server's mails). */
export type Language = (typeof SettingsOptions.language)[number];
/** The language tag of each of the four (Lingui's catalogues, `Accept-Language`, `<html lang>`). */
export const LANGUAGE_LOCALES = { english: 'en', spanish: 'es', french: 'fr', german: 'de' } as const satisfies Record<Language, string>;
export type Locale = (typeof LANGUAGE_LOCALES)[Language];

export const SUPPORT_CATEGORIES = ['account', 'verification', 'matching', 'messaging', 'safety', 'bug', 'feature', 'other'] as const;

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
