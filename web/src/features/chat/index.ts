export { MessagesScreen } from './components/messages-screen';
export { openConversationId } from './lib/unread';
export type { ChatReportDialog } from './components/chat-view';
