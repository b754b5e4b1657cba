export { PrivacyScreen } from './components/privacy-screen';
