// The settings feature's pure public surface (no React, no styling): safe for reducers and unit tests.
export * from './slices/settings-slice';
export * from './lib/verification-section';
