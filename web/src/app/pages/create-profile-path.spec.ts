import { parseRegisterQuery } from '../../features/registration/lib/registration-rules';
import { createProfilePath } from './create-profile-path';

describe('where a member whose profile is not complete creates it', () => {
  const queryOf = (path: string) => parseRegisterQuery(new URL(path, 'https://aero.test').searchParams);

  it('is Create Profile of their type; a general member’s comes from the subscription, so that Back goes to /subscribe', () => {
    expect(createProfilePath({ userType: 'general' })).toBe('/register?type=general&from=subscription');
    expect(queryOf(createProfilePath({ userType: 'general' }))).toEqual({ userType: 'general', fromSubscription: true });
    expect(queryOf(createProfilePath({ userType: 'airline' }))).toEqual({ userType: 'airline', fromSubscription: false });
  });

  it('is /welcome without a type (an admin), where one is chosen', () => {
    expect(createProfilePath({ userType: null })).toBe('/welcome');
    expect(createProfilePath(null)).toBe('/welcome');
  });
});
