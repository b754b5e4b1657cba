import { readLocalSettings } from './features/settings/lib/local-settings';
import { activateLanguage } from './i18n/i18n';

// The first module the app evaluates (main.tsx imports it first): the first screen's texts start
// loading now, while the rest of the app's modules are evaluated, instead of after them.

/** The settings this browser holds, read once at start-up (the store starts with them). */
export const startupSettings = readLocalSettings();

/** The chosen language's first-screen texts; the first render waits for them. */
export const firstTexts = activateLanguage(startupSettings.preferences.language);
