// The swipe screen's dialogs and photo layers: a chunk of their own, fetched once the deck shows.
export { FilterDialog } from './filter-dialog';
export { ProfileDetail } from './profile-detail';
export { PhotoViewer, ZoomOverlay } from './photo-viewer';
export { ViewersDialog } from './viewers-dialog';
