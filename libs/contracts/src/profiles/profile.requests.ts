import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsLatitude, IsLongitude, IsNotEmpty, IsNumberString, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ACCEPTED_USER_TYPES, Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { AIRLINES, DISTANCE_OPTIONS, GENDERS, INTERESTED_IN, POSITIONS, profileFieldValues, ZODIAC_SIGNS } from '../options.js';
import { PHOTO_URL_PATTERN } from '../photos.js';
import { IsId, IsOmittable, IsName, IsPlainText, commaList } from '../transforms.js';
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
  @ApiPropertyOptional({ type: String, nullable: true, description: 'decimal degrees as text; private: only ever returned to the owner', example: '32.78' }) @IsOptional() @Transform(emptyToNull) @ValidateIf((_, v) => v !== null) @IsNumberString({}, { message: 'Invalid latitude' }) @IsLatitude({ message: 'Invalid latitude' }) latitude?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'decimal degrees as text; private', example: '-96.81' }) @IsOptional() @Transform(emptyToNull) @ValidateIf((_, v) => v !== null) @IsNumberString({}, { message: 'Invalid longitude' }) @IsLongitude({ message: 'Invalid longitude' }) longitude?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: AIRLINES }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(AIRLINES)) airline?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: POSITIONS }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(POSITIONS)) position?: string | null;
  /** an IATA code; the gateway checks it against its bundled airport list */
  @ApiPropertyOptional({ type: String, nullable: true, pattern: '^[A-Z]{3}$', description: 'IATA code of a US airport (GET /api/airports)', example: 'DEN' }) @IsOptional() @Transform(upperOrNull) @ValidateIf((_, v) => v !== null) @Matches(IATA_PATTERN, { message: Messages.unknownAirport }) baseAirport?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, enum: DISTANCE_OPTIONS, description: 'miles' }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(DISTANCE_OPTIONS)) distancePreference?: number | null;
  @ApiPropertyOptional({ type: 'integer', minimum: Limits.agePreferenceMin, maximum: Limits.ageMax }) @IsOmittable() @Type(() => Number) @IsInt() @Min(Limits.agePreferenceMin) @Max(Limits.ageMax) agePreferenceMin?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: Limits.agePreferenceMin, maximum: Limits.ageMax }) @IsOmittable() @Type(() => Number) @IsInt() @Min(Limits.agePreferenceMin) @Max(Limits.ageMax) agePreferenceMax?: number;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('drinkingHabits') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('drinkingHabits'))) drinkingHabits?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('smokingHabits') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('smokingHabits'))) smokingHabits?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('drugsCannabisCUse') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('drugsCannabisCUse'))) drugsCannabisCUse?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('pets') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('pets'))) pets?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('exerciseHabits') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('exerciseHabits'))) exerciseHabits?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('relationshipType') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('relationshipType'))) relationshipType?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('lookingFor') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('lookingFor'))) lookingFor?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('religion') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('religion'))) religion?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: profileFieldValues('ethnicity') }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(profileFieldValues('ethnicity'))) ethnicity?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, enum: ZODIAC_SIGNS }) @IsOptional() @Transform(emptyToNull) @apply(...optionalIn(ZODIAC_SIGNS)) zodiacSign?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: Limits.profileTextMaxChars }) @IsOptional() @Transform(trim) @IsString() @MaxLength(Limits.profileTextMaxChars, { message: Messages.dietaryPreferencesTooLong }) @IsPlainText() dietaryPreferences?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: Limits.profileTextMaxChars }) @IsOptional() @Transform(trim) @IsString() @MaxLength(Limits.profileTextMaxChars, { message: Messages.sleepHabitsTooLong }) @IsPlainText() sleepHabits?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: Limits.profileTextMaxChars }) @IsOptional() @Transform(trim) @IsString() @MaxLength(Limits.profileTextMaxChars, { message: Messages.politicalViewsTooLong }) @IsPlainText() politicalViews?: string | null;
  @ApiPropertyOptional({ type: [String], maxItems: Limits.languagesMax, description: 'a list, or one comma-separated text' }) @IsOmittable() @Transform(commaList) @IsArray() @ArrayMaxSize(Limits.languagesMax, { message: Messages.languagesTooMany }) @IsString({ each: true }) @MaxLength(Limits.languageMaxChars, { each: true, message: Messages.languageTooLong }) @IsPlainText({ each: true }) languagesSpoken?: string[];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'one of `photos`', example: '/api/photos/{userId}/{photoId}' }) @IsOptional() @Transform(emptyToNull) @ValidateIf((_, v) => v !== null) @Matches(PHOTO_URL_PATTERN, { message: Messages.photoUnknown }) mainPhoto?: string | null;
}

// One rule per field, used required by the registration form and optional by the edit form.
const required = (message: string) => apply(Transform(trim), IsString({ message }), IsNotEmpty({ message }));
const FirstName = () => apply(required(Messages.firstNameRequired), MaxLength(Limits.firstNameMaxChars, { message: Messages.firstNameTooLong }), IsName(Messages.firstNameRequired));
const Age = () => apply(Type(() => Number), IsInt({ message: Messages.ageInvalid }), Min(Limits.ageMin, { message: Messages.ageMin }), Max(Limits.ageMax, { message: Messages.ageInvalid }));
const BioLength = () => MaxLength(Limits.bioMaxChars, { message: Messages.bioTooLong });
const LocationLength = () => MaxLength(Limits.locationMaxChars, { message: Messages.locationTooLong });
const Bio = () => apply(required(Messages.bioRequired), BioLength(), IsPlainText({ multiline: true }));
const Location = () => apply(required(Messages.locationRequired), LocationLength(), IsPlainText());
const Gender = () => IsIn(GENDERS as unknown as string[], { message: Messages.genderRequired });
const InterestedIn = () => IsIn(INTERESTED_IN as unknown as string[], { message: Messages.interestedInRequired });
/** photo URLs from POST /api/photos (`/api/photos/<ownerId>/<photoId>`); the service checks ownership */
const Photos = () =>
  apply(
    IsArray({ message: Messages.photosRequired }),
    ArrayMaxSize(Limits.photosPerProfile, { message: Messages.tooManyPhotosTotal }),
    Matches(PHOTO_URL_PATTERN, { each: true, message: Messages.photoUnknown }),
  );

/** POST /api/users: the registration form (spec §5 "Registration profile form"). */
export class CreateProfileBody extends ProfileFields {
  @ApiProperty({ maxLength: Limits.firstNameMaxChars }) @FirstName() firstName!: string;
  @ApiProperty({ type: 'integer', minimum: Limits.ageMin, maximum: Limits.ageMax }) @Age() age!: number;
  @ApiProperty({ maxLength: Limits.bioMaxChars }) @Bio() bio!: string;
  @ApiProperty({ maxLength: Limits.locationMaxChars, description: 'a place label (GET /api/places)', example: 'Dallas, Texas' }) @Location() location!: string;
  @ApiProperty({ enum: GENDERS }) @Gender() gender!: string;
  @ApiProperty({ enum: INTERESTED_IN }) @InterestedIn() interestedIn!: string;
  @ApiProperty({ enum: ACCEPTED_USER_TYPES }) @IsIn(ACCEPTED_USER_TYPES as unknown as string[], { message: Messages.userTypeInvalid }) userType!: string;
  @ApiProperty({ type: [String], minItems: 1, maxItems: Limits.photosPerProfile, description: 'URLs answered by POST /api/photos' }) @Photos() @ArrayMinSize(1, { message: Messages.photosRequired }) photos!: string[];
}

/** PATCH /api/users/{id}: the edit form sends what it has; firstName, when sent, must not be blank. */
export class UpdateProfileBody extends ProfileFields {
  @ApiPropertyOptional({ maxLength: Limits.firstNameMaxChars }) @IsOmittable() @FirstName() firstName?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: Limits.ageMin, maximum: Limits.ageMax }) @IsOmittable() @Age() age?: number;
  @ApiPropertyOptional({ maxLength: Limits.bioMaxChars }) @IsOmittable() @Transform(trim) @IsString() @BioLength() @IsPlainText({ multiline: true }) bio?: string;
  @ApiPropertyOptional({ maxLength: Limits.locationMaxChars }) @IsOmittable() @Transform(trim) @IsString() @LocationLength() @IsPlainText() location?: string;
  @ApiPropertyOptional({ enum: GENDERS }) @IsOmittable() @Gender() gender?: string;
  @ApiPropertyOptional({ enum: INTERESTED_IN }) @IsOmittable() @InterestedIn() interestedIn?: string;
  @ApiPropertyOptional({ type: [String], maxItems: Limits.photosPerProfile, description: 'URLs answered by POST /api/photos' }) @IsOmittable() @Photos() photos?: string[];
}

export class CreateProfileRequest {
  @IsId() userId!: string;
  @ValidateNested() @Type(() => CreateProfileBody) profile!: CreateProfileBody;
}

export class UpdateProfileRequest {
  @IsId() userId!: string;
  @ValidateNested() @Type(() => UpdateProfileBody) profile!: UpdateProfileBody;
}

export class UserIdRequest {
  @IsId() userId!: string;
}

export class UserIdsRequest {
  @IsArray() @ArrayMaxSize(500) @IsId({ each: true }) userIds!: string[];
}

export class SubmitDocumentRequest {
  @IsId() userId!: string;
  @IsId() documentId!: string;
  @IsString() @IsNotEmpty() @MaxLength(300) objectKey!: string;
  @IsString() @IsNotEmpty() @MaxLength(255) fileName!: string;
  @IsString() @IsNotEmpty() @MaxLength(100) contentType!: string;
}

export class DocumentIdRequest {
  @IsId({ message: 'Verification not found' }) documentId!: string;
}

/** the admin queue: pending documents, but the reviewing admin's own (which only another admin may decide) */
export class ListPendingVerificationsRequest {
  @IsId() reviewerId!: string;
}

export class ReviewDocumentRequest extends DocumentIdRequest {
  @IsIn(['approved', 'rejected']) decision!: 'approved' | 'rejected';
  /** the admin who decided (the audit log's who) and their note */
  @IsOptional() @IsId() reviewerId?: string;
  @IsOptional() @IsString() @MaxLength(Limits.moderationReasonMaxChars) @IsPlainText({ multiline: true }) reason?: string;
}
