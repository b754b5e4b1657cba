// The auth feature's screens (sign-in /auth and signed-out /, /welcome after a sign-up,
// /reset-password from an emailed link): loaded on their own, with the forms library, so that the
// app's first load on a member's screens does not carry them.
export { AuthScreen } from './components/auth-screen';
export { ResetPasswordScreen } from './components/reset-password-screen';
export { WelcomeScreen } from './components/welcome-screen';
