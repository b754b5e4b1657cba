export { RegisterScreen, type SubscriptionCheck } from './components/register-screen';
export { afterSubscriptionCheck, parseRegisterQuery } from './lib/registration-rules';
