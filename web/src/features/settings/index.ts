export * from './slices/settings-slice';
