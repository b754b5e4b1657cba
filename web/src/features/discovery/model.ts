// The discovery feature's pure public surface (no React, no styling): safe for reducers and unit tests.
export * from './slices/discovery-slice';
export { matchCounts } from './lib/match-counts';
export { prefetchFirstDeck } from './lib/first-deck';
