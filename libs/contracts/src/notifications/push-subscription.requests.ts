import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsISO8601, IsNumber, IsObject, IsOptional, IsUrl, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { Limits } from '../limits.js';
import { IsId } from '../transforms.js';

const INVALID = 'Invalid push subscription';

/**
 * The push service address a browser hands out (PushSubscription.endpoint). http is accepted
 * here for a local push service; the notifications service requires https in production.
 */
const Endpoint = () => (target: object, key: string) => {
  IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: INVALID })(target, key);
  MaxLength(Limits.pushEndpointMaxChars, { message: INVALID })(target, key);
};

export class PushSubscriptionKeysBody {
  /** the browser's P-256 public key: 65 bytes, base64url */
  @ApiProperty({ pattern: '^[A-Za-z0-9_-]{87}=?$' }) @Matches(/^[A-Za-z0-9_-]{87}=?$/, { message: INVALID }) p256dh!: string;
  /** the 16-byte authentication secret, base64url */
  @ApiProperty({ pattern: '^[A-Za-z0-9_-]{22}(==)?$' }) @Matches(/^[A-Za-z0-9_-]{22}(==)?$/, { message: INVALID }) auth!: string;
}

/** POST /api/push/subscriptions: PushSubscription.toJSON() as the browser gives it */
export class PushSubscriptionBody {
  @ApiProperty({ format: 'uri', maxLength: Limits.pushEndpointMaxChars }) @Endpoint() endpoint!: string;
  @ApiProperty({ type: () => PushSubscriptionKeysBody }) @IsObject({ message: INVALID }) @ValidateNested() @Type(() => PushSubscriptionKeysBody) keys!: PushSubscriptionKeysBody;
  /** sent by browsers (usually null); not kept */
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'not kept' }) @IsOptional() @IsNumber() expirationTime?: number | null;
}

/** DELETE /api/push/subscriptions */
export class PushEndpointBody {
  @ApiProperty({ format: 'uri', maxLength: Limits.pushEndpointMaxChars }) @Endpoint() endpoint!: string;
}

/** a session's name that is not its secret (the gateway's `sessionTag`) */
const SessionTag = () => Matches(/^[A-Za-z0-9_-]{22}$/);

export class SavePushSubscriptionRequest {
  @IsId() userId!: string;
  @Endpoint() endpoint!: string;
  @IsObject({ message: INVALID }) @ValidateNested() @Type(() => PushSubscriptionKeysBody) keys!: PushSubscriptionKeysBody;
  /** the session that subscribed: the subscription ends when the account's sessions are ended */
  @SessionTag() sessionTag!: string;
  /**
   * the latest moment that session may still live if it is not used again (its idle timeout or its
   * maximum age, whichever comes first): a session that expires unseen takes its subscription with
   * it. The app saves its subscription again as it starts and comes back, which moves this on.
   */
  @IsISO8601() expiresAt!: string;
}

/**
 * sessions of the account were ended, and so are the subscriptions their browsers saved: every
 * session's (a password reset, a ban), every one's but `exceptSessionTag` (the caller's own, after a
 * password change or 'sign out of other devices'), or `sessionTag`'s only (its logout)
 */
export class EndPushSubscriptionsRequest {
  /** the member's (all their sessions' but `exceptSessionTag`); optional with `sessionTag`: a logout may come after its session expired */
  @ValidateIf((r: EndPushSubscriptionsRequest) => !r.sessionTag || r.userId !== undefined) @IsId() userId?: string;
  @IsOptional() @SessionTag() exceptSessionTag?: string;
  /** only the subscriptions this session saved */
  @IsOptional() @SessionTag() sessionTag?: string;
  /** when the sessions were ended: a subscription saved since (a sign-in after it) stays, however late a retry comes */
  @IsISO8601() savedBefore!: string;
}

export class RemovePushSubscriptionRequest {
  @IsId() userId!: string;
  @Endpoint() endpoint!: string;
}
