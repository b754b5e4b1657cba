import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FORM_MODE, showCommonPasswordRefusal } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Limits } from '@aero/contracts/shared';
import { ArrowLeftIcon, Button, dismissToast, TextField, toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import { isApiError } from '../../../lib/http';
import { sleep } from '../../../lib/sleep';
import { readJson, removeKey, writeJson } from '../../../lib/storage';
import { useFieldError } from '../../../lib/use-field-error';
import {
  useForgotPasswordMutation,
  useLoginMutation,
  useResendVerificationMutation,
  useSignupMutation,
  useVerifyEmailMutation,
} from '../api/auth-api';
import { useAuth } from '../hooks/auth-provider';
import { forgotPasswordSchema, sanitizeCode, signInSchema, signUpSchema, verifyCodeSchema } from '../lib/validation';
import { AuthLayout, StyledForm, StyledHeading, StyledMuted, StyledRow } from './auth-layout';
import { theme } from '../../../theme';

export type AuthMode = 'login' | 'signup' | 'verify' | 'forgot-password';

const PENDING_EMAIL_KEY = 'aero.pendingVerificationEmail';
const readPendingEmail = () => {
  const email = readJson<unknown>(PENDING_EMAIL_KEY, 'session');
  return typeof email === 'string' ? email : '';
};
const storePendingEmail = (email: string | null) => (email ? writeJson(PENDING_EMAIL_KEY, email, 'session') : removeKey(PENDING_EMAIL_KEY, 'session'));

const StyledForgotRow = styled(StyledRow)`
  justify-content: flex-end;
  margin-top: -${theme.space.sm};
`;

const StyledBack = styled(Button)`
  align-self: flex-start;
  padding: 0;
  margin-left: -${theme.space.sm};
  border-radius: 50%;
`;

const StyledCodeInput = styled.div`
  input { letter-spacing: 0.5em; font-size: 1.375rem; text-align: center; font-variant-numeric: tabular-nums; }
  /* six faint dots, never mistaken for digits already entered */
  input::placeholder { color: ${theme.colors.textMuted}; opacity: 0.45; }
`;

/** The login screen (/auth and / when signed out): sign in, sign up, verify, forgot password. */
export function AuthScreen() {
  const pendingEmail = readPendingEmail();
  const [mode, setMode] = useState<AuthMode>(pendingEmail ? 'verify' : 'login');
  const [verifyEmail, setVerifyEmail] = useState(pendingEmail);
  // the password just signed up or in with, sent with the code (the account is confirmed with the
  // verifier's own password): kept in memory only, so a reload of the verify screen has none
  const [verifyPassword, setVerifyPassword] = useState<string | undefined>(undefined);
  // the address typed in sign-in or forgot password goes along between the two (one typing it twice
  // is one who gave up)
  const [typedEmail, setTypedEmail] = useState('');
  const goTo = (next: 'login' | 'forgot-password') => (email: string) => {
    setTypedEmail(email);
    setMode(next);
  };

  const goToVerify = (email: string, password: string) => {
    storePendingEmail(email);
    setVerifyEmail(email);
    setVerifyPassword(password);
    setMode('verify');
  };
  /** back to sign-in, or to the sign-up form with the address filled in (to sign up again) */
  const leaveVerify = (next: 'login' | 'signup') => {
    storePendingEmail(null);
    if (next === 'login') setVerifyEmail('');
    setVerifyPassword(undefined);
    setMode(next);
  };

  return (
    <AuthLayout>
      {mode === 'login' && <SignInForm email={typedEmail} onSignUp={() => setMode('signup')} onForgot={goTo('forgot-password')} onNeedsVerification={goToVerify} />}
      {mode === 'signup' && <SignUpForm email={verifyEmail} onSignIn={() => setMode('login')} onSignedUp={goToVerify} />}
      {mode === 'verify' && <VerifyForm email={verifyEmail} password={verifyPassword} onBack={() => leaveVerify('login')} onSignUpAgain={() => leaveVerify('signup')} />}
      {mode === 'forgot-password' && <ForgotPasswordForm email={typedEmail} onBack={goTo('login')} />}
    </AuthLayout>
  );
}

const RestrictedAccountDeletion = lazy(() => import('./restricted-account-deletion'));
/** a sign-in refused as the account is banned or suspended: its toast offers to delete the account instead */
const isRestricted = (error: unknown) => isApiError(error) && (error.code === 'account_banned' || error.code === 'account_suspended');

/** `email`: the address typed in forgot password */
function SignInForm({
  email: startEmail,
  onSignUp,
  onForgot,
  onNeedsVerification,
}: {
  email: string;
  onSignUp(): void;
  onForgot(email: string): void;
  onNeedsVerification(email: string, password: string): void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, getValues } = useForm({ mode: FORM_MODE, resolver: valibotResolver(signInSchema), defaultValues: { email: startEmail, password: '' } });
  const fieldError = useFieldError(formState.errors);
  const [login] = useLoginMutation();
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const failureToast = useRef<{ dismiss(): void }>(undefined);
  const auth = useAuth();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<{ email: string; password: string } | null>(null);

  const signIn = async ({ email, password }: { email: string; password: string }) => {
    if (inFlight.current) return; // a new sign-in is ignored while one is pending
    inFlight.current = true;
    setPending(true);
    try {
      let reply;
      try {
        reply = await login({ email, password }).unwrap();
      } catch (error) {
        failureToast.current = toast({
          variant: 'destructive',
          title: t('auth.toast.loginFailed'),
          description: errorText(error, 'auth.toast.loginFailedText'),
          ...(isRestricted(error) ? { action: { label: t('auth.restricted.delete'), onClick: () => setDeleting({ email, password }) } } : {}),
        });
        return;
      }
      if (reply?.requiresVerification) {
        toast({ title: t('auth.toast.verificationRequired'), description: t('auth.toast.checkEmailForCode') });
        onNeedsVerification(email, password);
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
        toast({ variant: 'destructive', title: t(offline ? 'auth.toast.connectionError' : 'auth.toast.loginError'), description: t('auth.toast.tryLoggingInAgain') });
      }
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return (
    <>
      <StyledForm onSubmit={handleSubmit(signIn)} noValidate aria-labelledby="auth-heading">
        <StyledHeading id="auth-heading">{t('auth.signIn.heading')}</StyledHeading>
        <StyledMuted role="status">{t(auth.unreachable ? 'auth.signIn.offline' : 'auth.signIn.intro')}</StyledMuted>
        <TextField label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
        <TextField label={t('auth.field.password')} type="password" autoComplete="current-password" error={fieldError('password')} {...register('password')} />
        <StyledForgotRow>
          <Button $variant="link" onClick={() => onForgot(getValues('email'))}>
            {t('auth.signIn.forgot')}
          </Button>
        </StyledForgotRow>
        <Button type="submit" $variant="accent" $block disabled={pending}>
          {pending ? t('auth.signIn.pending') : t('auth.signIn.submit')}
        </Button>
        <StyledRow>
          <span>{t('auth.signIn.noAccount')}</span>
          <Button $variant="link" onClick={onSignUp}>
            {t('auth.signIn.signUp')}
          </Button>
        </StyledRow>
      </StyledForm>
      {deleting && (
        <Suspense fallback={null}>
          <RestrictedAccountDeletion credentials={deleting} onDone={() => setDeleting(null)} />
        </Suspense>
      )}
    </>
  );
}

/** `email`: the address of a sign-up to make again (its verification asked for the password) */
function SignUpForm({ email: startEmail, onSignIn, onSignedUp }: { email: string; onSignIn(): void; onSignedUp(email: string, password: string): void }) {
  const t = useT();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, setError } = useForm({ mode: FORM_MODE, resolver: valibotResolver(signUpSchema), defaultValues: { email: startEmail, password: '', confirmPassword: '' } });
  const fieldError = useFieldError(formState.errors);
  const [signup, { isLoading }] = useSignupMutation();

  const signUp = async ({ email, password }: { email: string; password: string }) => {
    if (isLoading) return;
    try {
      await signup({ email, password }).unwrap();
      toast({ title: t('auth.toast.codeSent'), description: t('auth.toast.checkEmailForCode') });
      onSignedUp(email, password);
    } catch (error) {
      if (showCommonPasswordRefusal(error, setError, 'password')) return;
      toast({ variant: 'destructive', title: t('auth.toast.signupFailed'), description: errorText(error, 'auth.toast.signupFailedText') });
    }
  };

  return (
    <StyledForm onSubmit={handleSubmit(signUp)} noValidate aria-labelledby="auth-heading">
      <StyledHeading id="auth-heading">{t('auth.signUp.heading')}</StyledHeading>
      <StyledMuted>{t('auth.signUp.intro')}</StyledMuted>
      <TextField label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
      <TextField label={t('auth.field.password')} type="password" autoComplete="new-password" error={fieldError('password')} {...register('password')} />
      <TextField label={t('auth.field.confirmPassword')} type="password" autoComplete="new-password" error={fieldError('confirmPassword')} {...register('confirmPassword')} />
      <Button type="submit" $variant="accent" $block disabled={isLoading}>
        {isLoading ? t('auth.signUp.pending') : t('auth.signUp.submit')}
      </Button>
      <StyledRow>
        <span>{t('auth.signUp.haveAccount')}</span>
        <Button $variant="link" onClick={onSignIn}>
          {t('auth.signUp.signIn')}
        </Button>
      </StyledRow>
    </StyledForm>
  );
}

/** `password`: the one signed up or in with on this page, sent with the code (none after a reload) */
function VerifyForm({ email, password, onBack, onSignUpAgain }: { email: string; password: string | undefined; onBack(): void; onSignUpAgain(): void }) {
  const t = useT();
  const errorText = useErrorText();
  const { register, handleSubmit, setValue, clearErrors, formState } = useForm({ mode: FORM_MODE, resolver: valibotResolver(verifyCodeSchema), defaultValues: { code: '' } });
  const fieldError = useFieldError(formState.errors);
  const [verify, { isLoading }] = useVerifyEmailMutation();
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
  const auth = useAuth();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const submitCode = async ({ code }: { code: string }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const reply = await verify({ email, code, ...(password === undefined ? {} : { password }) }).unwrap();
      storePendingEmail(null);
      // what the last toast said was about the code (sent, required, wrong, sent again): once it is
      // accepted, none of that follows the member to the next screen
      dismissToast();
      if (reply?.user) auth.login(reply.user);
      navigate(reply?.user?.isAdmin ? '/admin' : '/welcome', { replace: true });
    } catch (error) {
      toast({ variant: 'destructive', title: t('auth.toast.verificationFailed'), description: errorText(error, 'auth.toast.verificationFailedText') });
      // signed up more than once and no password here to confirm it with: the sign-up form, its address filled in
      if (isApiError(error) && error.code === 'password_needed') onSignUpAgain();
    } finally {
      inFlight.current = false;
    }
  };
  const submit = handleSubmit(submitCode);

  const onResend = async () => {
    try {
      await resend({ email }).unwrap();
      toast({ title: t('auth.toast.codeSent'), description: t('auth.toast.newCodeSent') });
    } catch (error) {
      toast({ variant: 'destructive', title: t('auth.toast.resendFailed'), description: errorText(error, 'common.tryAgain') });
    }
  };

  // digits only (non-digits are stripped); the sixth digit submits on its own about 100 ms later
  const { onChange: _registeredOnChange, ...codeField } = register('code');
  const takeCode = (raw: string) => {
    const digits = sanitizeCode(raw);
    setValue('code', digits);
    clearErrors('code');
    clearTimeout(timer.current);
    if (digits.length === Limits.verificationCodeLength) timer.current = setTimeout(() => void submit(), Limits.verificationAutoSubmitMs);
  };
  return (
    <StyledForm
      onSubmit={(e) => {
        clearTimeout(timer.current);
        void submit(e);
      }}
      noValidate
      aria-labelledby="auth-heading"
    >
      <StyledBack $variant="ghost" aria-label={t('auth.verify.back')} onClick={onBack}>
        <ArrowLeftIcon />
      </StyledBack>
      <StyledHeading id="auth-heading">{t('auth.verify.heading')}</StyledHeading>
      <StyledMuted>
        {t('auth.verify.sentTo')} <strong>{email}</strong>
      </StyledMuted>
      <StyledCodeInput>
        <TextField
          label={t('auth.field.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={Limits.verificationCodeLength}
          placeholder="••••••"
          error={fieldError('code')}
          {...codeField}
          onChange={(e) => takeCode(e.target.value)}
          // a code copied from the mail may come with words or spaces around it: its digits are
          // taken before the field's limit of six characters would cut the text
          onPaste={(e) => {
            e.preventDefault();
            takeCode(e.clipboardData.getData('text'));
          }}
        />
      </StyledCodeInput>
      <Button type="submit" $variant="accent" $block disabled={isLoading}>
        {isLoading ? t('auth.verify.pending') : t('auth.verify.submit')}
      </Button>
      <StyledRow>
        <span>{t('auth.verify.noCode')}</span>
        <Button $variant="link" onClick={onResend} disabled={resending}>
          {t('auth.verify.resend')}
        </Button>
      </StyledRow>
    </StyledForm>
  );
}

/** `email`: the address typed in sign-in */
function ForgotPasswordForm({ email: startEmail, onBack }: { email: string; onBack(email: string): void }) {
  const t = useT();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, getValues } = useForm({ mode: FORM_MODE, resolver: valibotResolver(forgotPasswordSchema), defaultValues: { email: startEmail } });
  const fieldError = useFieldError(formState.errors);
  const [forgot, { isLoading }] = useForgotPasswordMutation();

  const send = async ({ email }: { email: string }) => {
    if (isLoading) return;
    try {
      await forgot({ email }).unwrap();
      toast({ title: t('auth.toast.resetLinkSent'), description: t('auth.toast.resetLinkSentText') });
      onBack(email);
    } catch (error) {
      toast({ variant: 'destructive', title: t('auth.toast.resetLinkFailed'), description: errorText(error, 'common.tryAgain') });
    }
  };

  return (
    <StyledForm onSubmit={handleSubmit(send)} noValidate aria-labelledby="auth-heading">
      <StyledHeading id="auth-heading">{t('auth.forgot.heading')}</StyledHeading>
      <StyledMuted>{t('auth.forgot.intro')}</StyledMuted>
      <TextField label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" error={fieldError('email')} {...register('email')} />
      <Button type="submit" $variant="accent" $block disabled={isLoading}>
        {isLoading ? t('auth.forgot.pending') : t('auth.forgot.submit')}
      </Button>
      <StyledRow>
        <Button $variant="link" onClick={() => onBack(getValues('email'))}>
          {t('auth.forgot.back')}
        </Button>
      </StyledRow>
    </StyledForm>
  );
}
