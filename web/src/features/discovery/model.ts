// The discovery feature's pure public surface (no React, no styling): safe for reducers and unit tests.
export * from './slices/discovery-slice';
export { prefetchFirstDeck, sendFirstDeckEarly } from './lib/first-deck';
