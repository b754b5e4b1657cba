import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowLeftIcon, Button, TextField, toast } from '../../../components';
import { Limits } from '@aero/contracts/shared';
import { isApiError, toastMessage } from '../../../lib/http';
import {
  useForgotPasswordMutation,
  useLoginMutation,
  useResendVerificationMutation,
  useSignupMutation,
  useVerifyEmailMutation,
} from '../api/auth-api';
import { useAuth } from '../hooks/auth-provider';
import {
  hasErrors,
  sanitizeCode,
  validateCode,
  validateForgotPassword,
  validateSignIn,
  validateSignUp,
  type FieldErrors,
} from '../lib/validation';
import { AuthLayout, StyledForm, StyledHeading, StyledMuted, StyledRow } from './auth-layout';

export type AuthMode = 'login' | 'signup' | 'verify' | 'forgot-password';

const PENDING_EMAIL_KEY = 'aero.pendingVerificationEmail';
const readPendingEmail = () => {
  try {
    return sessionStorage.getItem(PENDING_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
};
const storePendingEmail = (email: string | null) => {
  try {
    if (email) sessionStorage.setItem(PENDING_EMAIL_KEY, email);
    else sessionStorage.removeItem(PENDING_EMAIL_KEY);
  } catch {
    /* storage unavailable */
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const StyledBack = styled(Button)`
  align-self: flex-start;
  padding: 0;
  margin-left: -${({ theme }) => theme.space.sm};
  border-radius: 50%;
`;

const StyledCodeInput = styled.div`
  input { letter-spacing: 0.5em; font-size: 1.375rem; text-align: center; font-variant-numeric: tabular-nums; }
`;

/** The login screen (/auth and / when signed out): sign in, sign up, verify, forgot password. */
export function AuthScreen() {
  const pendingEmail = readPendingEmail();
  const [mode, setMode] = useState<AuthMode>(pendingEmail ? 'verify' : 'login');
  const [verifyEmail, setVerifyEmail] = useState(pendingEmail);

  const goToVerify = (email: string) => {
    storePendingEmail(email);
    setVerifyEmail(email);
    setMode('verify');
  };
  const backToLogin = () => {
    storePendingEmail(null);
    setVerifyEmail('');
    setMode('login');
  };

  return (
    <AuthLayout>
      {mode === 'login' && <SignInForm onSignUp={() => setMode('signup')} onForgot={() => setMode('forgot-password')} onNeedsVerification={goToVerify} />}
      {mode === 'signup' && <SignUpForm onSignIn={() => setMode('login')} onSignedUp={goToVerify} />}
      {mode === 'verify' && <VerifyForm email={verifyEmail} onBack={backToLogin} />}
      {mode === 'forgot-password' && <ForgotPasswordForm onBack={() => setMode('login')} />}
    </AuthLayout>
  );
}

function SignInForm({ onSignUp, onForgot, onNeedsVerification }: { onSignUp(): void; onForgot(): void; onNeedsVerification(email: string): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [login] = useLoginMutation();
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const failureToast = useRef<{ dismiss(): void }>(undefined);
  const auth = useAuth();
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return; // a new sign-in is ignored while one is pending
    const found = validateSignIn({ email, password });
    setErrors(found);
    if (hasErrors(found)) return;
    inFlight.current = true;
    setPending(true);
    try {
      let reply;
      try {
        reply = await login({ email: email.trim(), password }).unwrap();
      } catch (error) {
        failureToast.current = toast({ variant: 'destructive', title: 'Login failed', description: toastMessage(error, 'Invalid email or password') });
        return;
      }
      if (reply?.requiresVerification) {
        toast({ title: 'Verification required', description: 'Please check your email for a 6-digit verification code' });
        onNeedsVerification(email.trim());
        return;
      }
      // an earlier 'Login failed' must not follow a successful sign-in onto the next screen
      failureToast.current?.dismiss();
      failureToast.current = undefined;
      if (reply?.user) auth.login(reply.user);
      await sleep(Limits.postLoginFetchDelayMs);
      try {
        const me = await auth.refreshUser();
        navigate(me?.isAdmin ? '/admin' : '/swipe', { replace: true });
      } catch (error) {
        const offline = isApiError(error) && error.status === 0;
        toast({ variant: 'destructive', title: offline ? 'Connection Error' : 'Login Error', description: 'Please try logging in again' });
      }
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return (
    <StyledForm onSubmit={submit} noValidate aria-labelledby="auth-heading">
      <StyledHeading id="auth-heading">Welcome back</StyledHeading>
      <StyledMuted>Sign in to continue your journey.</StyledMuted>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors((x) => ({ ...x, email: undefined }));
        }}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((x) => ({ ...x, password: undefined }));
        }}
      />
      <StyledRow style={{ justifyContent: 'flex-end', marginTop: '-8px' }}>
        <Button $variant="link" onClick={onForgot}>
          Forgot Password
        </Button>
      </StyledRow>
      <Button type="submit" $variant="accent" $block disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
      <StyledRow>
        <span>Don't have an account?</span>
        <Button $variant="link" onClick={onSignUp}>
          Sign Up
        </Button>
      </StyledRow>
    </StyledForm>
  );
}

function SignUpForm({ onSignIn, onSignedUp }: { onSignIn(): void; onSignedUp(email: string): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password' | 'confirmPassword'>>({});
  const [signup, { isLoading }] = useSignupMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    const found = validateSignUp({ email, password, confirmPassword });
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await signup({ email: email.trim(), password }).unwrap();
      toast({ title: 'Verification code sent', description: 'Please check your email for a 6-digit verification code' });
      onSignedUp(email.trim());
    } catch (error) {
      toast({ variant: 'destructive', title: 'Signup failed', description: toastMessage(error, 'Failed to create account') });
    }
  };

  const clear = (field: keyof typeof errors) => setErrors((x) => ({ ...x, [field]: undefined }));

  return (
    <StyledForm onSubmit={submit} noValidate aria-labelledby="auth-heading">
      <StyledHeading id="auth-heading">Create your account</StyledHeading>
      <StyledMuted>Join the crew and find your co-pilot.</StyledMuted>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" value={email} error={errors.email} onChange={(e) => (setEmail(e.target.value), clear('email'))} />
      <TextField label="Password" type="password" autoComplete="new-password" value={password} error={errors.password} onChange={(e) => (setPassword(e.target.value), clear('password'))} />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => (setConfirmPassword(e.target.value), clear('confirmPassword'))}
      />
      <Button type="submit" $variant="accent" $block disabled={isLoading}>
        {isLoading ? 'Creating Account...' : 'Create Account'}
      </Button>
      <StyledRow>
        <span>Already have an account?</span>
        <Button $variant="link" onClick={onSignIn}>
          Sign In
        </Button>
      </StyledRow>
    </StyledForm>
  );
}

function VerifyForm({ email, onBack }: { email: string; onBack(): void }) {
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'code'>>({});
  const [verify, { isLoading }] = useVerifyEmailMutation();
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
  const auth = useAuth();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const submitCode = async (value: string) => {
    if (inFlight.current) return;
    const found = validateCode(value);
    setErrors(found);
    if (hasErrors(found)) return;
    inFlight.current = true;
    try {
      const reply = await verify({ email, code: value }).unwrap();
      storePendingEmail(null);
      if (reply?.user) auth.login(reply.user);
      navigate(reply?.user?.isAdmin ? '/admin' : '/welcome', { replace: true });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Verification failed', description: toastMessage(error, 'Invalid verification code') });
    } finally {
      inFlight.current = false;
    }
  };

  const onResend = async () => {
    try {
      await resend({ email }).unwrap();
      toast({ title: 'Verification code sent', description: 'A new verification code has been sent to your email' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to resend code', description: toastMessage(error, 'Please try again') });
    }
  };

  return (
    <StyledForm
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        void submitCode(code);
      }}
      noValidate
      aria-labelledby="auth-heading"
    >
      <StyledBack $variant="ghost" aria-label="Back to sign in" onClick={onBack}>
        <ArrowLeftIcon />
      </StyledBack>
      <StyledHeading id="auth-heading">Verify Your Email</StyledHeading>
      <StyledMuted>
        We sent a 6-digit code to <strong>{email}</strong>
      </StyledMuted>
      <StyledCodeInput>
        <TextField
          label="Verification Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={Limits.verificationCodeLength}
          placeholder="000000"
          value={code}
          error={errors.code}
          onChange={(e) => {
            const digits = sanitizeCode(e.target.value);
            setCode(digits);
            setErrors({});
            clearTimeout(timer.current);
            if (digits.length === Limits.verificationCodeLength) timer.current = setTimeout(() => void submitCode(digits), Limits.verificationAutoSubmitMs);
          }}
        />
      </StyledCodeInput>
      <Button type="submit" $variant="accent" $block disabled={isLoading}>
        {isLoading ? 'Verifying...' : 'Verify Email'}
      </Button>
      <StyledRow>
        <span>Didn't get the code?</span>
        <Button $variant="link" onClick={onResend} disabled={resending}>
          Resend
        </Button>
      </StyledRow>
    </StyledForm>
  );
}

function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [forgot, { isLoading }] = useForgotPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    const found = validateForgotPassword({ email });
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await forgot({ email: email.trim() }).unwrap();
      toast({ title: 'Reset Link Sent', description: 'If the email exists, a password reset link has been sent to your email' });
      onBack();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to send reset link', description: toastMessage(error, 'Please try again') });
    }
  };

  return (
    <StyledForm onSubmit={submit} noValidate aria-labelledby="auth-heading">
      <StyledHeading id="auth-heading">Reset Password</StyledHeading>
      <StyledMuted>Enter your email and we'll send you a link to reset your password.</StyledMuted>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" value={email} error={errors.email} onChange={(e) => (setEmail(e.target.value), setErrors({}))} />
      <Button type="submit" $variant="accent" $block disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <StyledRow>
        <Button $variant="link" onClick={onBack}>
          Back to Sign In
        </Button>
      </StyledRow>
    </StyledForm>
  );
}
