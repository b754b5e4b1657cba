import { firstIssues } from '../../../lib/forms';
import { render } from '../../../i18n/testing';
import { forgotPasswordSchema, resetPasswordSchema, sanitizeCode, signInSchema, signUpSchema, verifyCodeSchema } from './validation';

/** What a person reads under each field, in English (the spec's texts) or another language. */
const errors = (schema: Parameters<typeof firstIssues>[0], input: unknown, locale: Parameters<typeof render>[1] = 'en') =>
  Object.fromEntries(Object.entries(firstIssues(schema, input)).map(([field, id]) => [field, render(id!, locale)]));

describe('sign-in schema', () => {
  it('needs a valid email and a password', () => {
    expect(errors(signInSchema, { email: 'not-an-email', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(errors(signInSchema, { email: '  pilot@example.com ', password: 'x' })).toEqual({});
  });

  it('speaks the chosen language', () => {
    expect(errors(signInSchema, { email: 'x', password: '' }, 'es')).toEqual({
      email: 'Introduce una dirección de correo electrónico válida',
      password: 'La contraseña es obligatoria',
    });
  });
});

describe('sign-up schema', () => {
  it('needs 6+ characters and a matching confirmation (on the confirm field)', () => {
    expect(errors(signUpSchema, { email: 'fa@example.com', password: '12345', confirmPassword: '12346' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(errors(signUpSchema, { email: 'fa@example.com', password: '123456', confirmPassword: '123456' })).toEqual({});
    expect(errors(signUpSchema, { email: 'fa@', password: '123456', confirmPassword: '123456' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it("says 'Passwords don't match' on the confirm field whatever else is wrong", () => {
    expect(errors(signUpSchema, { email: 'fa@example.com', password: '123', confirmPassword: '1234' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(errors(signUpSchema, { email: 'fa@', password: '123456', confirmPassword: '1234567' })).toEqual({
      email: 'Please enter a valid email address',
      confirmPassword: "Passwords don't match",
    });
    expect(errors(signUpSchema, { email: '', password: '', confirmPassword: 'x' }, 'fr')).toEqual({
      email: 'Veuillez saisir une adresse e-mail valide',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
  });
});

describe('forgot password schema', () => {
  it('uses its own email message', () => {
    expect(errors(forgotPasswordSchema, { email: 'nope' })).toEqual({ email: 'Please enter a valid email' });
    expect(errors(forgotPasswordSchema, { email: 'atc@example.com' })).toEqual({});
  });
});

describe('password reset schema', () => {
  it('needs 8+ characters and a matching confirmation', () => {
    expect(errors(resetPasswordSchema, { password: '1234567', confirmPassword: '1234567' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(errors(resetPasswordSchema, { password: '12345678', confirmPassword: '87654321' })).toEqual({ confirmPassword: "Passwords don't match" });
    expect(errors(resetPasswordSchema, { password: '1234567', confirmPassword: '12345678' })).toEqual({ password: 'Password must be at least 8 characters', confirmPassword: "Passwords don't match" });
    expect(errors(resetPasswordSchema, { password: '12345678', confirmPassword: '12345678' })).toEqual({});
  });
});

describe('verification code', () => {
  it('keeps digits only, at most 6', () => {
    expect(sanitizeCode('12a-3 4b5678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
  it('must be exactly 6 digits', () => {
    expect(errors(verifyCodeSchema, { code: '12345' })).toEqual({ code: 'Verification code must be 6 digits' });
    expect(errors(verifyCodeSchema, { code: '123456' })).toEqual({});
  });
});
