// The profile feature's pure public surface (no React, no styling): safe for unit tests.
export * from './lib/profile-rules';
export { matchCounts } from './lib/match-counts';
