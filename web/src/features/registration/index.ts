export { RegisterScreen, type SubscriptionCheck } from './components/register-screen';
