import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsId } from './transforms.js';

/**
 * One page of an owner's current state, in id order, after `after` (a projection rebuilding
 * itself); with `userId`, only that member's state (none when the owner has none): a projection
 * catching up on one member whose events have not reached it yet.
 */
export class SnapshotPageRequest {
  @IsOptional() @IsId({}, 'all') after?: string;
  @IsOptional() @IsId({}, 'all') userId?: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) limit!: number;
}
