import * as v from 'valibot';
import { CARD_PATTERNS, cardDigits } from '@aero/contracts/shared';
import { msg } from '../../../lib/forms';

/** The test provider's card form: the same patterns the server checks (spaces and dashes ignored). */
export const testCardSchema = v.object({
  cardNumber: v.pipe(v.string(), v.transform(cardDigits), v.regex(CARD_PATTERNS.cardNumber, msg('messages.cardNumberInvalid'))),
  expiry: v.pipe(v.string(), v.transform(cardDigits), v.regex(CARD_PATTERNS.expiry, msg('messages.cardExpiryInvalid'))),
  cvc: v.pipe(v.string(), v.transform(cardDigits), v.regex(CARD_PATTERNS.cvc, msg('messages.cardCvcInvalid'))),
});
export type TestCardValues = v.InferInput<typeof testCardSchema>;

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed (19 digits at most) */
export const formatCardNumber = (typed: string) =>
  typed
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1234" → "12/34" as it is typed */
export function formatExpiry(typed: string) {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
