import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { SettingsOptions } from '../options.js';
import { IsId } from '../transforms.js';

export class NotificationSettingsBody {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() matches?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() messages?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() likes?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() promotions?: boolean;
}

export class PrivacySettingsBody {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showOnline?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showDistance?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() showAge?: boolean;
  /** airline members: members of the same airline never see each other in a deck (both ways) */
  @ApiPropertyOptional() @IsOptional() @IsBoolean() hideFromOwnAirline?: boolean;
  @ApiPropertyOptional({ enum: SettingsOptions.profileVisibility }) @IsOptional() @IsIn(SettingsOptions.profileVisibility, { message: 'profileVisibility must be everyone, verified-only or hidden' }) profileVisibility?: (typeof SettingsOptions.profileVisibility)[number];
}

/** PUT /api/users/me/settings: any part of the settings (unknown keys or values are refused) */
export class UpdateSettingsBody {
  @ApiPropertyOptional({ type: () => NotificationSettingsBody }) @IsOptional() @ValidateNested() @Type(() => NotificationSettingsBody) notifications?: NotificationSettingsBody;
  @ApiPropertyOptional({ type: () => PrivacySettingsBody }) @IsOptional() @ValidateNested() @Type(() => PrivacySettingsBody) privacy?: PrivacySettingsBody;
}

export class UpdateSettingsRequest {
  @IsId() userId!: string;
  @ValidateNested() @Type(() => UpdateSettingsBody) settings!: UpdateSettingsBody;
}
