import { render } from './testing';
import { serverErrorText } from './server-errors';

const shown = (error: unknown, locale: Parameters<typeof render>[1]) => {
  const found = serverErrorText(error);
  return found === null ? null : typeof found === 'string' ? found : render(found, locale);
};

describe('server error texts', () => {
  it('translates a known code', () => {
    expect(shown({ status: 401, code: 'invalid_credentials', serverMessage: 'Invalid email or password' }, 'es')).toBe('Correo o contraseña incorrectos');
    expect(shown({ status: 429, code: 'rate_limited', serverMessage: 'Too many attempts. Please try again later.' }, 'de')).toBe('Zu viele Versuche. Bitte versuche es später erneut.');
    expect(shown({ status: 400, code: 'invalid_code' }, 'fr')).toBe('Code de vérification invalide');
  });

  it('translates a boost refused for its cooldown, with the hours left', () => {
    const error = { status: 409, code: 'boost_cooldown', serverMessage: 'You can boost again in 23h' };
    expect(shown(error, 'en')).toBe('You can boost again in 23h');
    expect(shown(error, 'es')).toBe('Podrás volver a usar el impulso en 23 h');
    expect(shown(error, 'fr')).toBe('Vous pourrez relancer un boost dans 23 h');
    expect(shown(error, 'de')).toBe('Du kannst in 23 Std. wieder boosten');
  });

  it('translates a validation failure by the shared text it carries', () => {
    expect(shown({ status: 400, code: 'validation', serverMessage: 'Password must be at least 6 characters' }, 'fr')).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(shown({ status: 400, code: 'too_many_photos', serverMessage: 'You can only have up to 6 photos' }, 'es')).toBe('Solo puedes tener hasta 6 fotos');
    // a profile text over its limit (the profile bodies of @aero/contracts carry the shared text)
    expect(shown({ status: 400, code: 'validation', serverMessage: 'First name must be at most 50 characters' }, 'de')).toBe('Der Vorname darf höchstens 50 Zeichen lang sein');
  });

  it("falls back to the server's English text, else to the caller's fallback", () => {
    expect(shown({ status: 409, code: 'profile_exists', serverMessage: 'Your profile already exists' }, 'de')).toBe('Your profile already exists');
    expect(shown({ status: 0, message: 'Failed to fetch' }, 'es')).toBeNull();
    expect(shown(undefined, 'es')).toBeNull();
  });
});
