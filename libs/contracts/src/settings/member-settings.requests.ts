import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { SettingsOptions } from '../options.js';

export class NotificationSettingsBody {
  @IsOptional() @IsBoolean() matches?: boolean;
  @IsOptional() @IsBoolean() messages?: boolean;
  @IsOptional() @IsBoolean() likes?: boolean;
  @IsOptional() @IsBoolean() promotions?: boolean;
}

export class PrivacySettingsBody {
  @IsOptional() @IsBoolean() showOnline?: boolean;
  @IsOptional() @IsBoolean() showDistance?: boolean;
  @IsOptional() @IsBoolean() showAge?: boolean;
  /** airline members: members of the same airline never see each other in a deck (both ways) */
  @IsOptional() @IsBoolean() hideFromOwnAirline?: boolean;
  @IsOptional() @IsIn(SettingsOptions.profileVisibility, { message: 'profileVisibility must be everyone, verified-only or hidden' }) profileVisibility?: (typeof SettingsOptions.profileVisibility)[number];
}

/** PUT /api/users/me/settings: any part of the settings (unknown keys or values are refused) */
export class UpdateSettingsBody {
  @IsOptional() @ValidateNested() @Type(() => NotificationSettingsBody) notifications?: NotificationSettingsBody;
  @IsOptional() @ValidateNested() @Type(() => PrivacySettingsBody) privacy?: PrivacySettingsBody;
}

export class UpdateSettingsRequest {
  @IsUUID('4') userId!: string;
  @ValidateNested() @Type(() => UpdateSettingsBody) settings!: UpdateSettingsBody;
}
