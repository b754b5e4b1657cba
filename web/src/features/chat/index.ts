export { MessagesScreen } from './components/messages-screen';
export type { ChatReportDialog } from './components/chat-view';
