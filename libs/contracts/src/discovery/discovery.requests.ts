import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, Validate, ValidateIf, ValidateNested, type ValidationArguments, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { FilterOptions } from '../options.js';
import { IsId, IsOmittable, IsPlainText, commaList } from '../transforms.js';
import { IATA_PATTERN } from './layover.requests.js';

/** IATA codes: a comma list or a list, in capitals */
const codeList = ({ value }: { value: unknown }) => {
  const list = commaList({ value });
  return Array.isArray(list) ? list.map((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v)) : list;
};
const intOrNull = ({ value }: { value: unknown }) => (value === '' || value === null || value === undefined ? null : typeof value === 'string' ? Number(value) : value);

@ValidatorConstraint({ name: 'minAgeAtMostMax' })
class MinAgeAtMostMax implements ValidatorConstraintInterface {
  validate(_: unknown, { object }: ValidationArguments) {
    const { minAge, maxAge } = object as { minAge?: number | null; maxAge?: number | null };
    return minAge == null || maxAge == null || minAge <= maxAge;
  }
  defaultMessage() {
    return Messages.minAgeAboveMax;
  }
}

const AGE_RULES = [ValidateIf((_: object, v: unknown) => v !== null && v !== undefined), IsInt({ message: Messages.filterAgeRange }), Min(Limits.filterAgeMin, { message: Messages.filterAgeRange }), Max(Limits.filterAgeMax, { message: Messages.filterAgeRange })];
const ageField = (): PropertyDecorator => (target, key) => AGE_RULES.forEach((d) => d(target, key));

/** The saved filter of spec §5 (and the query of GET /api/discovery/filtered). */
export class FilterPreferencesBody {
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: Limits.filterAgeMin, maximum: Limits.filterAgeMax }) @IsOptional() @Transform(intOrNull) @ageField() minAge?: number | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: Limits.filterAgeMin, maximum: Limits.filterAgeMax, description: 'not below minAge' }) @IsOptional() @Transform(intOrNull) @ageField() @Validate(MinAgeAtMostMax) maxAge?: number | null;
  @ApiPropertyOptional({ type: [String], maxItems: Limits.filterMaxAirlines, description: 'a list, or comma-joined in a query' }) @IsOmittable() @Transform(commaList) @IsArray() @ArrayMaxSize(Limits.filterMaxAirlines, { message: `At most ${Limits.filterMaxAirlines} airlines` }) @IsString({ each: true }) @MaxLength(60, { each: true }) @IsPlainText({ each: true }) airlines?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: Limits.filterMaxPositions, description: 'a list, or comma-joined in a query' }) @IsOmittable() @Transform(commaList) @IsArray() @ArrayMaxSize(Limits.filterMaxPositions, { message: `At most ${Limits.filterMaxPositions} positions` }) @IsString({ each: true }) @MaxLength(60, { each: true }) @IsPlainText({ each: true }) positions?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: Limits.filterMaxBaseAirports, description: 'IATA codes (members based at one of them); a list, or comma-joined in a query' }) @IsOmittable() @Transform(codeList) @IsArray() @ArrayMaxSize(Limits.filterMaxBaseAirports, { message: Messages.tooManyBaseAirports }) @Matches(IATA_PATTERN, { each: true, message: Messages.unknownAirport }) baseAirports?: string[];
  @ApiPropertyOptional({ enum: FilterOptions.gender, description: 'omitted means everyone' }) @IsOmittable() @IsIn(FilterOptions.gender, { message: 'Gender must be male, female or everyone' }) gender?: 'male' | 'female' | 'everyone';
}

export class ToUserBody {
  @ApiProperty({ format: 'uuid' }) @IsId({ message: Messages.unknownProfile }) toUserId!: string;
}

/** PATCH /api/likes: isSuper is false there (super likes have their own call) */
export class LikeBody extends ToUserBody {
  @ApiPropertyOptional({ description: 'false here: super likes have POST /api/super-like' }) @IsOmittable() @IsBoolean() isSuper?: boolean;
}

export class BoostBody {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 120, default: Limits.boostMinutesDefault, description: 'minutes' }) @IsOmittable() @IsInt({ message: 'Boost duration must be 1 to 120 minutes' }) @Min(1, { message: 'Boost duration must be 1 to 120 minutes' }) @Max(120, { message: 'Boost duration must be 1 to 120 minutes' }) duration?: number;
}

export class ProfileViewBody {
  @ApiProperty({ format: 'uuid' }) @IsId({ message: Messages.unknownProfile }) viewedUserId!: string;
}

// --- RPC requests: the caller's id (from the session) with the body ---------------------------

export class DiscoveryUserRequest {
  @IsId() userId!: string;
}

export class DeckRequest extends DiscoveryUserRequest {
  @IsOmittable() @ValidateNested() @Type(() => FilterPreferencesBody) filters?: FilterPreferencesBody;
}

export class SwipeRequest extends DiscoveryUserRequest {
  @IsId({ message: Messages.unknownProfile }) toUserId!: string;
  @IsIn(['like', 'super_like', 'pass']) action!: 'like' | 'super_like' | 'pass';
}

export class BoostRequest extends DiscoveryUserRequest {
  @IsInt() @Min(1) @Max(120) duration!: number;
}

export class RecordProfileViewRequest extends DiscoveryUserRequest {
  @IsId({ message: Messages.unknownProfile }) viewedUserId!: string;
}

export class CanSeePhotosRequest {
  @IsId() viewerId!: string;
  @IsId() ownerId!: string;
}

export class SaveFilterPreferencesRequest extends DiscoveryUserRequest {
  @ValidateNested() @Type(() => FilterPreferencesBody) filters!: FilterPreferencesBody;
}
