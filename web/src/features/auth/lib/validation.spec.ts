import { sanitizeCode, validateCode, validateForgotPassword, validateResetPassword, validateSignIn, validateSignUp } from './validation';

describe('sign-in validation', () => {
  it('requires a valid email and a password', () => {
    expect(validateSignIn({ email: 'not-an-email', password: '' })).toEqual({ email: 'Please enter a valid email address', password: 'Password is required' });
    expect(validateSignIn({ email: 'captain@example.com', password: 'x' })).toEqual({});
  });
});

describe('sign-up validation', () => {
  it('needs 6+ characters and a matching confirmation (on the confirm field)', () => {
    expect(validateSignUp({ email: 'fa@example.com', password: '12345', confirmPassword: '12346' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(validateSignUp({ email: 'fa@example.com', password: '123456', confirmPassword: '123456' })).toEqual({});
    expect(validateSignUp({ email: 'fa@', password: '123456', confirmPassword: '123456' })).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('forgot password validation', () => {
  it('uses its own email message', () => {
    expect(validateForgotPassword({ email: 'nope' })).toEqual({ email: 'Please enter a valid email' });
    expect(validateForgotPassword({ email: 'atc@example.com' })).toEqual({});
  });
});

describe('password reset validation', () => {
  it('needs 8+ characters and a matching confirmation', () => {
    expect(validateResetPassword({ password: '1234567', confirmPassword: '1234567' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(validateResetPassword({ password: '12345678', confirmPassword: '87654321' })).toEqual({ confirmPassword: "Passwords don't match" });
    expect(validateResetPassword({ password: '12345678', confirmPassword: '12345678' })).toEqual({});
  });
});

describe('verification code', () => {
  it('keeps digits only, at most 6', () => {
    expect(sanitizeCode('12a-3 4b5678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
  it('must be exactly 6 digits', () => {
    expect(validateCode('12345')).toEqual({ code: 'Verification code must be 6 digits' });
    expect(validateCode('123456')).toEqual({});
  });
});
