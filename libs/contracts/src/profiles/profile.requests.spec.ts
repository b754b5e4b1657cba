import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { CreateProfileBody, UpdateProfileBody } from './profile.requests.js';

const photo = '/api/photos/3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11/6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d12';
const valid = { firstName: ' Amelia ', age: 29, bio: 'Captain on the A320', location: 'Dallas, TX', gender: 'female', interestedIn: 'man', userType: 'airline', photos: [photo] };

async function firstError(cls: typeof CreateProfileBody | typeof UpdateProfileBody, body: object) {
  const errors = await validate(plainToInstance(cls, body), { whitelist: true });
  return errors.length ? Object.values(errors[0].constraints ?? {})[0] : null;
}

describe('profile bodies', () => {
  it('accepts a complete registration and trims text', async () => {
    const dto = plainToInstance(CreateProfileBody, { ...valid, languagesSpoken: 'English, Spanish', drinkingHabits: 'socially', religion: 'prefer-not-to-say' });
    expect(await validate(dto, { whitelist: true })).toEqual([]);
    expect(dto.firstName).toBe('Amelia');
    expect(dto.languagesSpoken).toEqual(['English', 'Spanish']);
  });

  it('answers the spec messages for required and out-of-range fields', async () => {
    expect(await firstError(CreateProfileBody, { ...valid, gender: undefined })).toBe(Messages.genderRequired);
    expect(await firstError(CreateProfileBody, { ...valid, interestedIn: 'dogs' })).toBe(Messages.interestedInRequired);
    expect(await firstError(CreateProfileBody, { ...valid, age: 17 })).toBe(Messages.ageMin);
    expect(await firstError(CreateProfileBody, { ...valid, age: 121 })).toBe(Messages.ageInvalid);
    expect(await firstError(CreateProfileBody, { ...valid, photos: [] })).toBe('At least one photo is required');
    expect(await firstError(CreateProfileBody, { ...valid, photos: Array(7).fill(photo) })).toBe(Messages.tooManyPhotosTotal);
    expect(await firstError(CreateProfileBody, { ...valid, photos: ['https://evil.example/x.jpg'] })).toBe('Unknown photo');
    expect(await firstError(CreateProfileBody, { ...valid, airline: 'Pan Am' })).not.toBeNull();
    expect(await firstError(UpdateProfileBody, { firstName: '   ' })).toBe(Messages.firstNameRequired);
  });

  it('refuses control characters, and a first name without a letter that shows or with bidi controls', async () => {
    expect(await firstError(UpdateProfileBody, { bio: 'a\u0000b' })).toBe(Messages.textInvalidCharacters);
    expect(await firstError(UpdateProfileBody, { bio: 'line one\nline two\r\n\tthree' })).toBeNull();
    expect(await firstError(UpdateProfileBody, { location: 'Dallas\u0007' })).toBe(Messages.textInvalidCharacters);
    expect(await firstError(UpdateProfileBody, { languagesSpoken: ['English', 'Fren\u0000ch'] })).toBe(Messages.textInvalidCharacters);
    expect(await firstError(CreateProfileBody, { ...valid, firstName: '\u0000x' })).toBe(Messages.textInvalidCharacters);
    expect(await firstError(CreateProfileBody, { ...valid, firstName: 'Ana\nMaria' })).toBe(Messages.textInvalidCharacters);
    for (const name of ['\u202eAdmin', 'Ana\u2066', '\u202aBo']) expect(await firstError(UpdateProfileBody, { firstName: name })).toBe(Messages.textInvalidCharacters);
    for (const name of ['\u200b', '\u3164', '\u2800', '..', '\u200b\u200c']) expect(await firstError(UpdateProfileBody, { firstName: name })).toBe(Messages.firstNameRequired);
    for (const name of ['Zoë', 'Jean-Luc', 'محمد', '李', "O'Neil"]) expect(await firstError(UpdateProfileBody, { firstName: name })).toBeNull();
    expect(await firstError(CreateProfileBody, { ...valid, firstName: 42 })).toBe(Messages.firstNameRequired);
  });

  it('refuses texts over their limits with the shared texts (the web app translates them), counting an emoji as one character', async () => {
    const long = (n: number) => 'a'.repeat(n);
    expect(await firstError(CreateProfileBody, { ...valid, firstName: long(Limits.firstNameMaxChars + 1) })).toBe(Messages.firstNameTooLong);
    expect(Messages.firstNameTooLong).toBe('First name must be at most 50 characters');
    expect(await firstError(UpdateProfileBody, { firstName: long(Limits.firstNameMaxChars + 1) })).toBe(Messages.firstNameTooLong);
    expect(await firstError(UpdateProfileBody, { firstName: `${long(Limits.firstNameMaxChars - 1)}😀` })).toBeNull();
    expect(await firstError(CreateProfileBody, { ...valid, bio: long(Limits.bioMaxChars + 1) })).toBe(Messages.bioTooLong);
    expect(await firstError(UpdateProfileBody, { bio: long(Limits.bioMaxChars + 1) })).toBe(Messages.bioTooLong);
    expect(await firstError(UpdateProfileBody, { bio: ` ${long(Limits.bioMaxChars)} ` })).toBeNull();
    expect(await firstError(CreateProfileBody, { ...valid, location: long(Limits.locationMaxChars + 1) })).toBe(Messages.locationTooLong);
    expect(await firstError(UpdateProfileBody, { location: long(Limits.locationMaxChars + 1) })).toBe(Messages.locationTooLong);
    expect(await firstError(UpdateProfileBody, { dietaryPreferences: long(Limits.profileTextMaxChars + 1) })).toBe(Messages.dietaryPreferencesTooLong);
    expect(await firstError(UpdateProfileBody, { sleepHabits: long(Limits.profileTextMaxChars + 1) })).toBe(Messages.sleepHabitsTooLong);
    expect(await firstError(UpdateProfileBody, { politicalViews: long(Limits.profileTextMaxChars + 1) })).toBe(Messages.politicalViewsTooLong);
    expect(await firstError(CreateProfileBody, { ...valid, languagesSpoken: Array.from({ length: Limits.languagesMax + 1 }, (_, i) => `L${i}`).join(',') })).toBe(Messages.languagesTooMany);
    expect(await firstError(UpdateProfileBody, { languagesSpoken: ['English', long(Limits.languageMaxChars + 1)] })).toBe(Messages.languageTooLong);
  });

  it('lets the edit form send only what changed, and null to clear an option', async () => {
    expect(await firstError(UpdateProfileBody, { bio: 'New bio' })).toBeNull();
    expect(await firstError(UpdateProfileBody, { distancePreference: null, exerciseHabits: '3-4-times-week', airline: '' })).toBeNull();
    expect(await firstError(UpdateProfileBody, { distancePreference: 30 })).not.toBeNull();
  });
});
