import 'reflect-metadata';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Messages } from '../messages.js';
import { CARD_PATTERNS, cardDigits } from './subscription.view.js';
import { IsId } from '../transforms.js';

const digitsOnly = ({ value }: { value: unknown }) => (typeof value === 'string' ? cardDigits(value) : value);

/** POST /api/billing/test-payments: the test provider's card form (test mode only) */
export class ConfirmTestPaymentBody {
  @ApiProperty({ maxLength: 200, description: 'from POST /api/get-or-create-subscription' }) @IsString() @MaxLength(200) clientSecret!: string;
  @ApiProperty({ description: 'a test card number (spaces and dashes ignored)', pattern: CARD_PATTERNS.cardNumber.source }) @Transform(digitsOnly) @IsString() @Matches(CARD_PATTERNS.cardNumber, { message: Messages.cardNumberInvalid }) cardNumber!: string;
  @ApiProperty({ description: 'MM/YY', pattern: CARD_PATTERNS.expiry.source }) @Transform(digitsOnly) @IsString() @Matches(CARD_PATTERNS.expiry, { message: Messages.cardExpiryInvalid }) expiry!: string;
  @ApiProperty({ pattern: CARD_PATTERNS.cvc.source }) @Transform(digitsOnly) @IsString() @Matches(CARD_PATTERNS.cvc, { message: Messages.cardCvcInvalid }) cvc!: string;
}

// --- RPC requests ---------------------------------------------------------------------------

export class BillingMemberRequest {
  @IsId() userId!: string;
  /** the account's email, given to the provider's customer */
  @IsOptional() @IsEmail() email?: string;
}

/** a webhook exactly as it arrived: the raw body (the signature covers its bytes) and its header */
export class BillingWebhookRequest {
  @IsString() @MaxLength(512 * 1024) payload!: string;
  @IsString({ message: Messages.webhookSignature }) @MaxLength(2048) signature!: string;
}

export class ConfirmTestPaymentRequest extends ConfirmTestPaymentBody {
  @IsId() userId!: string;
}
