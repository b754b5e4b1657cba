import { type AccountView, type AirportView, type CandidateLayoverView, type CandidateView, type CurrentUserView, DISTANCE_BANDS_MILES, type LayoverView, type MemberSettings, type OwnProfileView, type PublicProfileView, SettingsOptions, SUBSCRIPTION_STATUSES, USER_TYPES, VERIFICATION_STATUSES, type VerificationStatusView } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { Place } from '../../places/place-index.js';
import { Bool, DateTime, Id, Int, NullableDateTime, NullableInt, NullableStr, Str, StrList } from './properties.js';

const PHOTO = '/api/photos/{userId}/{photoId}';

/** what one member may see of another (an allowlist: never email or coordinates) */
type PublicProfileFields = Omit<PublicProfileView, 'id'>;
class PublicProfileFieldsSchema implements PublicProfileFields {
  @NullableStr() firstName!: string | null;
  @NullableInt() age!: number | null;
  @NullableStr() bio!: string | null;
  @NullableStr({ example: 'Dallas, Texas' }) location!: string | null;
  @NullableStr() airline!: string | null;
  @NullableStr() position!: string | null;
  @NullableStr({ description: 'IATA code', example: 'DEN' }) baseAirport!: string | null;
  @Bool({ description: 'employment verified' }) verified!: boolean;
  @StrList({ description: `photo URLs (${PHOTO}): GET answers a redirect to the image` }) photos!: string[];
  @NullableStr() mainPhoto!: string | null;
  @NullableStr() gender!: string | null;
  @NullableStr() interestedIn!: string | null;
  @NullableStr() drinkingHabits!: string | null;
  @NullableStr() smokingHabits!: string | null;
  @NullableStr() drugsCannabisCUse!: string | null;
  @NullableStr() dietaryPreferences!: string | null;
  @NullableStr() pets!: string | null;
  @NullableStr() exerciseHabits!: string | null;
  @NullableStr() sleepHabits!: string | null;
  @NullableStr() relationshipType!: string | null;
  @NullableStr() lookingFor!: string | null;
  @NullableStr() religion!: string | null;
  @NullableStr() politicalViews!: string | null;
  @NullableStr() ethnicity!: string | null;
  @StrList() languagesSpoken!: string[];
  @NullableStr() zodiacSign!: string | null;
}

/** the owner's own profile fields (private ones included) */
class OwnProfileSchema extends PublicProfileFieldsSchema implements OwnProfileView {
  @NullableStr({ description: 'private: only ever returned to the owner' }) latitude!: string | null;
  @NullableStr({ description: 'private: only ever returned to the owner' }) longitude!: string | null;
  @NullableInt({ description: 'miles' }) distancePreference!: number | null;
  @Int() agePreferenceMin!: number;
  @Int() agePreferenceMax!: number;
  @Bool() profileCompleted!: boolean;
}

/** GET /api/users/me: the account joined with the owner's profile, flat */
export class CurrentUserSchema extends OwnProfileSchema implements CurrentUserView {
  @Id() id!: string;
  @Str({ format: 'email' }) email!: string;
  @Bool() emailVerified!: boolean;
  @Bool() isAdmin!: boolean;
  @ApiProperty({ enum: USER_TYPES, nullable: true }) userType!: AccountView['userType'];
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) subscriptionStatus!: AccountView['subscriptionStatus'];
  @NullableDateTime({ description: 'end of the paid period' }) subscriptionExpiresAt!: string | null;
  @DateTime() createdAt!: string;
  @Bool({ description: 'the member must subscribe before using the app' }) mustSubscribe!: boolean;
}

export class SignedInSchema {
  @ApiProperty({ type: () => CurrentUserSchema }) user!: CurrentUserSchema;
  @ApiProperty({ type: () => CurrentUserSchema, nullable: true, description: 'the same user once the profile is completed, else null' }) profile!: CurrentUserSchema | null;
}

export class LoginSchema {
  @Bool({ description: 'true: a code was mailed, POST /api/auth/verify signs in (no user, no session then)' }) requiresVerification!: boolean;
  @ApiProperty({ type: () => CurrentUserSchema, required: false }) user?: CurrentUserSchema;
  @ApiProperty({ type: () => CurrentUserSchema, nullable: true, required: false }) profile?: CurrentUserSchema | null;
}

export class CandidateLayoverSchema implements CandidateLayoverView {
  @Str() city!: string;
  @Int() nights!: number;
}

/** a card of the deck */
export class CandidateSchema extends PublicProfileFieldsSchema implements CandidateView {
  @Id() id!: string;
  @ApiProperty({ type: 'integer', enum: DISTANCE_BANDS_MILES, nullable: true, description: 'upper bound of the distance band in miles; null when unknown, hidden or farther' }) distanceBand!: CandidateView['distanceBand'];
  @Bool() boosted!: boolean;
  @ApiProperty({ type: () => CandidateLayoverSchema, nullable: true, description: 'only to members in its overlap' }) layover!: CandidateLayoverSchema | null;
}

export class VerificationStatusSchema implements VerificationStatusView {
  @ApiProperty({ enum: VERIFICATION_STATUSES }) status!: VerificationStatusView['status'];
}

export class PhotosSchema {
  @StrList({ description: `the stored photos' URLs (${PHOTO})` }) photos!: string[];
}

class NotificationSettingsSchema {
  @Bool() matches!: boolean;
  @Bool() messages!: boolean;
  @Bool() likes!: boolean;
  @Bool() promotions!: boolean;
  @Bool({ description: 'off: a web push shows only that there is something new (no name, no message text)' }) previews!: boolean;
}
class PrivacySettingsSchema {
  @Bool() showOnline!: boolean;
  @Bool() showDistance!: boolean;
  @Bool() showAge!: boolean;
  @ApiProperty({ enum: SettingsOptions.profileVisibility }) profileVisibility!: MemberSettings['privacy']['profileVisibility'];
  @Bool() hideFromOwnAirline!: boolean;
}
export class MemberSettingsSchema implements MemberSettings {
  @ApiProperty({ type: () => NotificationSettingsSchema }) notifications!: NotificationSettingsSchema;
  @ApiProperty({ type: () => PrivacySettingsSchema }) privacy!: PrivacySettingsSchema;
}

export class PlaceSchema implements Place {
  @Str({ example: 'Dallas, Texas' }) label!: string;
  @Str() city!: string;
  @Str() state!: string;
  @Str({ example: '32.78' }) latitude!: string;
  @Str({ example: '-96.81' }) longitude!: string;
  @Str({ example: 'America/Chicago', description: 'the IANA time zone a layover there is read in' }) timeZone!: string;
}

export class AirportSchema implements AirportView {
  @Str({ example: 'DEN' }) code!: string;
  @Str() name!: string;
  @Str() city!: string;
  @Str() state!: string;
  @Str({ example: 'DEN · Denver, Colorado' }) label!: string;
  @Str({ example: 'America/Denver' }) timeZone!: string;
}

export class LayoverSchema implements LayoverView {
  @Str({ example: 'Chicago, Illinois' }) label!: string;
  @Str() city!: string;
  @Str() state!: string;
  @NullableStr({ description: 'the airport it was added with' }) airport!: string | null;
  @Str() timeZone!: string;
  @DateTime() arrivesAt!: string;
  @DateTime() departsAt!: string;
  @Str({ example: '2026-03-06T18:30' }) localArrivesAt!: string;
  @Str({ example: '2026-03-08T07:15' }) localDepartsAt!: string;
  @Bool() verifiedCrewOnly!: boolean;
  @Int() nights!: number;
  @Bool({ description: 'between arrival and departure now' }) current!: boolean;
}

export class LayoverReplySchema {
  @ApiProperty({ type: () => LayoverSchema, nullable: true }) layover!: LayoverSchema | null;
}
