import 'reflect-metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsLatitude, IsLongitude, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { Limits } from '../limits.js';
import { Messages } from '../messages.js';
import { IsId, IsOmittable } from '../transforms.js';
import { LOCAL_TIME_PATTERN } from './layover.view.js';

const upperOrNull = ({ value }: { value: unknown }) => (value === '' || value === null || value === undefined ? null : typeof value === 'string' ? value.trim().toUpperCase() : value);

export const IATA_PATTERN = /^[A-Z]{3}$/;

/**
 * PUT /api/layover: an airport (IATA code) or a US city ('Chicago, Illinois', as GET /api/places
 * labels it), and the arrival and departure as wall-clock times there. Hotels or addresses are
 * never asked.
 */
export class SaveLayoverBody {
  @ApiPropertyOptional({ type: String, nullable: true, pattern: '^[A-Z]{3}$', description: 'an IATA code; or give `city`', example: 'ORD' }) @IsOptional() @Transform(upperOrNull) @ValidateIf((_, v) => v !== null) @Matches(IATA_PATTERN, { message: Messages.unknownAirport }) airport?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: Limits.locationMaxChars, description: 'a US city as GET /api/places labels it; or give `airport`', example: 'Chicago, Illinois' }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsString({ message: Messages.layoverPlaceUnknown }) @MaxLength(Limits.locationMaxChars, { message: Messages.locationTooLong }) city?: string | null;
  @ApiProperty({ pattern: LOCAL_TIME_PATTERN.source, description: 'wall-clock time where the layover is', example: '2026-03-06T18:30' }) @Matches(LOCAL_TIME_PATTERN, { message: Messages.layoverTimeInvalid }) arrivesAt!: string;
  @ApiProperty({ pattern: LOCAL_TIME_PATTERN.source, description: 'wall-clock time where the layover is', example: '2026-03-08T07:15' }) @Matches(LOCAL_TIME_PATTERN, { message: Messages.layoverTimeInvalid }) departsAt!: string;
  @ApiPropertyOptional({ default: false, description: 'only verified crew in the overlap see it' }) @IsOmittable() @IsBoolean() verifiedCrewOnly?: boolean;
}

/** where a layover is, as the gateway resolved it from its bundled places: a city's centre, its zone and the airports that serve it */
export class LayoverPlace {
  @IsString() @IsNotEmpty() @MaxLength(Limits.locationMaxChars, { message: Messages.locationTooLong }) label!: string;
  @IsString() @IsNotEmpty() @MaxLength(80) city!: string;
  @IsString() @MaxLength(40) state!: string;
  @ValidateIf((_, v) => v !== null) @Matches(IATA_PATTERN) airport!: string | null;
  @IsLatitude() latitude!: number;
  @IsLongitude() longitude!: number;
  @IsString() @IsNotEmpty() @MaxLength(60) timeZone!: string;
  /** airports whose city centre is within the layover radius: members based at one are there */
  @IsArray() @ArrayMaxSize(200) @Matches(IATA_PATTERN, { each: true }) nearbyAirports!: string[];
}

export class SaveLayoverRequest {
  @IsId() userId!: string;
  @ValidateNested() @Type(() => LayoverPlace) place!: LayoverPlace;
  @Matches(LOCAL_TIME_PATTERN, { message: Messages.layoverTimeInvalid }) arrivesAt!: string;
  @Matches(LOCAL_TIME_PATTERN, { message: Messages.layoverTimeInvalid }) departsAt!: string;
  @IsBoolean() verifiedCrewOnly!: boolean;
}
