// The activity feature's light entry for the navigation (the screen loads as its own chunk).
export { useActivityBadge } from './hooks/use-activity-badge';
