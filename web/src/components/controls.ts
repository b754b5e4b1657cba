// Heavier form controls and dialogs (Radix primitives, photo picker, location search).
export * from './form-fields';
export * from './photo-picker';
export * from './location-field';
export * from './search-field';
export * from './airport-field';
export * from './confirm-dialog';
export * from './file-button';
export * from './callout';
