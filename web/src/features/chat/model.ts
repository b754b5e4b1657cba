// The chat feature's pure public surface (no React, no styling): safe for reducers and unit tests.
export * from './slices/outbox-slice';
