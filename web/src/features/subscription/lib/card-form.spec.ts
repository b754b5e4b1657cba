import { firstIssues } from '../../../lib/forms';
import { formatCardNumber, formatExpiry, testCardSchema } from './card-form';

describe('the test card form', () => {
  it('formats the card number in groups of four and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42a')).toBe('4242 42');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('accepts a card as typed and refuses each field with the provider’s text', () => {
    expect(firstIssues(testCardSchema, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({});
    expect(firstIssues(testCardSchema, { cardNumber: '4242', expiry: '13/34', cvc: '1' })).toEqual({
      cardNumber: 'messages.cardNumberInvalid',
      expiry: 'messages.cardExpiryInvalid',
      cvc: 'messages.cardCvcInvalid',
    });
  });
});
