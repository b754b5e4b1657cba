import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, TextField, toast } from '../../../components';
import { useResetPasswordMutation } from '../api/auth-api';
import { hasErrors, validateResetPassword, type FieldErrors } from '../lib/validation';
import { AuthLayout, StyledForm, StyledHeading, StyledMuted } from './auth-layout';

/** /reset-password?token=… (spec §2): a missing token toasts and goes to /. */
export function ResetPasswordScreen() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const warned = useRef(false);

  useEffect(() => {
    if (!token && !warned.current) {
      warned.current = true;
      toast({ variant: 'destructive', title: 'Invalid Reset Link', description: 'This reset link is invalid or has expired.' });
    }
  }, [token]);

  if (!token) return <Navigate to="/" replace />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirmPassword'>>({});
  const [reset, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    const found = validateResetPassword({ password, confirmPassword });
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await reset({ token, password }).unwrap();
      toast({ title: 'Password Reset Successful', description: 'You can now sign in with your new password.' });
      navigate('/', { replace: true });
    } catch {
      toast({ variant: 'destructive', title: 'Reset Failed', description: 'Failed to reset password. The link may have expired.' });
    }
  };

  return (
    <AuthLayout>
      <StyledForm onSubmit={submit} noValidate aria-labelledby="reset-heading">
        <StyledHeading id="reset-heading">Reset Password</StyledHeading>
        <StyledMuted>Choose a new password of at least 8 characters.</StyledMuted>
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => (setPassword(e.target.value), setErrors((x) => ({ ...x, password: undefined })))}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => (setConfirmPassword(e.target.value), setErrors((x) => ({ ...x, confirmPassword: undefined })))}
        />
        <Button type="submit" $variant="accent" $block disabled={isLoading}>
          {isLoading ? 'Resetting...' : 'Reset Password'}
        </Button>
      </StyledForm>
    </AuthLayout>
  );
}
