import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsLatitude, IsLongitude, IsNotEmpty, IsNumberString, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ACCEPTED_USER_TYPES, Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { AIRLINES, DISTANCE_OPTIONS, GENDERS, INTERESTED_IN, POSITIONS, profileFieldValues, ZODIAC_SIGNS } from '../options.js';
import { PHOTO_URL_PATTERN } from '../photos.js';
import { commaList } from '../transforms.js';
import { IATA_PATTERN } from '../discovery/layover.requests.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upperOrNull = ({ value }: { value: unknown }) => (value === '' || value === null ? null : typeof value === 'string' ? value.trim().toUpperCase() : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);
const optionalIn = (values: readonly unknown[]) => [ValidateIf((_, v) => v !== null && v !== undefined), IsIn(values as unknown[])];
const apply =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

/**
 * Fields both the registration form and the edit form may send (spec §3/§5). Unknown fields are
 * stripped by the validation pipe and never stored. Everything here is optional; the create and
 * update bodies add what each requires.
 */
export class ProfileFields {
  @IsOptional() @Transform(emptyToNull) @ValidateIf((_, v) => v !== null) @IsNumberString({}, { message: 'Invalid latitude' }) @IsLatitude({ message: 'Invalid latitude' }) latitude?: string | null;
  @IsOptional() @Transform(emptyToNull) @ValidateIf((_, v) => v !== null) @IsNumberString({}, { message: 'Invalid longitude' }) @IsLongitude({ message: 'Invalid longitude' }) longitude?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(AIRLINES)) airline?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(POSITIONS)) position?: string | null;
  /** an IATA code; the gateway checks it against its bundled airport list */
  @IsOptional() @Transform(upperOrNull) @ValidateIf((_, v) => v !== null) @Matches(IATA_PATTERN, { message: Messages.unknownAirport }) baseAirport?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(DISTANCE_OPTIONS)) distancePreference?: number | null;
  @IsOptional() @Type(() => Number) @IsInt() @Min(Limits.agePreferenceMin) @Max(Limits.ageMax) agePreferenceMin?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(Limits.agePreferenceMin) @Max(Limits.ageMax) agePreferenceMax?: number;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('drinkingHabits'))) drinkingHabits?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('smokingHabits'))) smokingHabits?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('drugsCannabisCUse'))) drugsCannabisCUse?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('pets'))) pets?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('exerciseHabits'))) exerciseHabits?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('relationshipType'))) relationshipType?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('lookingFor'))) lookingFor?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('religion'))) religion?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('ethnicity'))) ethnicity?: string | null;
  @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(ZODIAC_SIGNS)) zodiacSign?: string | null;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(100) dietaryPreferences?: string | null;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(100) sleepHabits?: string | null;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(100) politicalViews?: string | null;
  @IsOptional() @Transform(commaList) @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(40, { each: true }) languagesSpoken?: string[];
  @IsOptional() @Transform(emptyToNull) @ValidateIf((_, v) => v !== null) @Matches(PHOTO_URL_PATTERN, { message: 'Unknown photo' }) mainPhoto?: string | null;
}

// One rule per field, used required by the registration form and optional by the edit form.
const required = (message: string) => apply(Transform(trim), IsString({ message }), IsNotEmpty({ message }));
const FirstName = () => apply(required(Messages.firstNameRequired), MaxLength(50));
const Age = () => apply(Type(() => Number), IsInt({ message: Messages.ageInvalid }), Min(Limits.ageMin, { message: Messages.ageMin }), Max(Limits.ageMax, { message: Messages.ageInvalid }));
const Bio = () => apply(required('Bio is required'), MaxLength(1000));
const Location = () => apply(required('Location is required'), MaxLength(120));
const Gender = () => IsIn(GENDERS as unknown as string[], { message: Messages.genderRequired });
const InterestedIn = () => IsIn(INTERESTED_IN as unknown as string[], { message: Messages.interestedInRequired });
/** photo URLs from POST /api/photos (`/api/photos/<ownerId>/<photoId>`); the service checks ownership */
const Photos = () =>
  apply(
    IsArray({ message: 'At least one photo is required' }),
    ArrayMaxSize(Limits.photosPerProfile, { message: Messages.tooManyPhotosTotal }),
    Matches(PHOTO_URL_PATTERN, { each: true, message: 'Unknown photo' }),
  );

/** POST /api/users: the registration form (spec §5 "Registration profile form"). */
export class CreateProfileBody extends ProfileFields {
  @FirstName() firstName!: string;
  @Age() age!: number;
  @Bio() bio!: string;
  @Location() location!: string;
  @Gender() gender!: string;
  @InterestedIn() interestedIn!: string;
  @IsIn(ACCEPTED_USER_TYPES as unknown as string[], { message: Messages.userTypeInvalid }) userType!: string;
  @Photos() @ArrayMinSize(1, { message: 'At least one photo is required' }) photos!: string[];
}

/** PATCH /api/users/{id}: the edit form sends what it has; firstName, when sent, must not be blank. */
export class UpdateProfileBody extends ProfileFields {
  @IsOptional() @FirstName() firstName?: string;
  @IsOptional() @Age() age?: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(1000) bio?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(120) location?: string;
  @IsOptional() @Gender() gender?: string;
  @IsOptional() @InterestedIn() interestedIn?: string;
  @IsOptional() @Photos() photos?: string[];
}

export class CreateProfileRequest {
  @IsUUID('4') userId!: string;
  @ValidateNested() @Type(() => CreateProfileBody) profile!: CreateProfileBody;
}

export class UpdateProfileRequest {
  @IsUUID('4') userId!: string;
  @ValidateNested() @Type(() => UpdateProfileBody) profile!: UpdateProfileBody;
}

export class UserIdRequest {
  @IsUUID('4') userId!: string;
}

export class UserIdsRequest {
  @IsArray() @ArrayMaxSize(500) @IsUUID('4', { each: true }) userIds!: string[];
}

export class SubmitDocumentRequest {
  @IsUUID('4') userId!: string;
  @IsUUID('4') documentId!: string;
  @IsString() @IsNotEmpty() @MaxLength(300) objectKey!: string;
  @IsString() @IsNotEmpty() @MaxLength(255) fileName!: string;
  @IsString() @IsNotEmpty() @MaxLength(100) contentType!: string;
}

export class DocumentIdRequest {
  @IsUUID('4', { message: 'Verification not found' }) documentId!: string;
}

export class ReviewDocumentRequest extends DocumentIdRequest {
  @IsIn(['approved', 'rejected']) decision!: 'approved' | 'rejected';
  /** the admin who decided (the audit log's who) and their note */
  @IsOptional() @IsUUID('4') reviewerId?: string;
  @IsOptional() @IsString() @MaxLength(500) reason?: string;
}
