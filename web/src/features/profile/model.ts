// The profile feature's pure public surface (no React, no styling): safe for unit tests. The edit
// form's rules (lib/profile-rules.ts) stay inside the feature: they carry the form's schema library.
export * from './lib/profile-view-rules';
export { matchCounts } from './lib/match-counts';
