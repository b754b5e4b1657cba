// The chat feature's light entry for the navigation (the screens load as their own chunk).
export { useMessagesBadge } from './hooks/use-messages-badge';
