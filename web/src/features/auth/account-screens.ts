// The auth feature's screens shown after a link or a sign-up (/welcome, /reset-password): loaded on
// their own, so the login screen's first load does not carry them.
export { ResetPasswordScreen } from './components/reset-password-screen';
export { WelcomeScreen } from './components/welcome-screen';
