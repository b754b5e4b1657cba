import { firstIssues } from '../../../lib/forms';
import { changePasswordSchema } from './change-password';

describe('change password form', () => {
  it('needs the current password, a new one of 8 or more, typed twice', () => {
    expect(firstIssues(changePasswordSchema, { currentPassword: '', newPassword: 'short', confirmPassword: 'other' })).toEqual({
      currentPassword: 'messages.passwordRequired',
      newPassword: 'messages.passwordMin8',
      confirmPassword: 'messages.passwordsDontMatch',
    });
    expect(firstIssues(changePasswordSchema, { currentPassword: 'old-one', newPassword: 'long-enough', confirmPassword: 'long-enougH' })).toEqual({ confirmPassword: 'messages.passwordsDontMatch' });
    expect(firstIssues(changePasswordSchema, { currentPassword: 'old-one', newPassword: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
  });
});
