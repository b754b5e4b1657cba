// The light UI kit every screen may use. Heavier controls (Radix dialog and switch, photo picker,
// location search) come from './controls', imported only by the screens that show them, so they
// stay out of the first screen's JavaScript.
export * from './button';
export * from './text-field';
export * from './spinner';
export * from './page';
export * from './icons';
export * from './toast';
export * from './back-button';
export * from './empty-state';
export * from './visually-hidden';
export * from './section-card';
export * from './photo-badge';
