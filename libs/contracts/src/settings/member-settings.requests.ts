import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, ValidateNested } from 'class-validator';
import { SettingsOptions } from '../options.js';
import { IsId, IsOmittable } from '../transforms.js';

export class NotificationSettingsBody {
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() matches?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() messages?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() likes?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() promotions?: boolean;
  /** off: a push says only that there is something new (no name, no message text) */
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() previews?: boolean;
}

export class PrivacySettingsBody {
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() showOnline?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() showDistance?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() showAge?: boolean;
  /** airline members: members of the same airline never see each other in a deck (both ways) */
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() hideFromOwnAirline?: boolean;
  @ApiPropertyOptional({ enum: SettingsOptions.profileVisibility }) @IsOmittable() @IsIn(SettingsOptions.profileVisibility, { message: 'profileVisibility must be everyone, verified-only or hidden' }) profileVisibility?: (typeof SettingsOptions.profileVisibility)[number];
}

/** PUT /api/users/me/settings: any part of the settings (unknown keys or values are refused) */
export class UpdateSettingsBody {
  @ApiPropertyOptional({ type: () => NotificationSettingsBody }) @IsOmittable() @ValidateNested() @Type(() => NotificationSettingsBody) notifications?: NotificationSettingsBody;
  @ApiPropertyOptional({ type: () => PrivacySettingsBody }) @IsOmittable() @ValidateNested() @Type(() => PrivacySettingsBody) privacy?: PrivacySettingsBody;
}

export class UpdateSettingsRequest {
  @IsId() userId!: string;
  @ValidateNested() @Type(() => UpdateSettingsBody) settings!: UpdateSettingsBody;
}
