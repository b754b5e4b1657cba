import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

/** One page of an owner's current state, in id order, after `after` (a projection rebuilding itself). */
export class SnapshotPageRequest {
  @IsOptional() @IsUUID() after?: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) limit!: number;
}
