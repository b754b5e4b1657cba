export { MessagesScreen } from './components/messages-screen';
