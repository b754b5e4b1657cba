export { HelpScreen } from './components/help-screen';
