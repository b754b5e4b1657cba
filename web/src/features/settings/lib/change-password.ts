import * as v from 'valibot';
import { Limits } from '@aero/contracts/shared';
import { checkAcrossFields, msg } from '../../../lib/forms';

/** Settings' change-password form: the current password, a new one of at least 8, typed twice. */
export const changePasswordSchema = checkAcrossFields(
  v.pipe(
    v.object({
      currentPassword: v.pipe(v.string(), v.nonEmpty(msg('messages.passwordRequired'))),
      newPassword: v.pipe(v.string(), v.minLength(Limits.resetPasswordMin, msg('messages.passwordMin8'))),
      confirmPassword: v.string(),
    }),
    v.forward(
      v.partialCheck([['newPassword'], ['confirmPassword']], (i) => i.newPassword === i.confirmPassword, msg('messages.passwordsDontMatch')),
      ['confirmPassword'],
    ),
  ),
);
export type ChangePasswordValues = v.InferInput<typeof changePasswordSchema>;
