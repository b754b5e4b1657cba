import { storedSettings } from './features/settings/lib/local-settings';
import { activateLanguage, i18n } from './i18n/i18n';

// The start-up, kept small: the first screen's texts (only the chosen language's) are requested
// at once, in parallel with the app's modules, instead of after those have been evaluated.
const firstTexts = activateLanguage(storedSettings().preferences.language).catch(() => {
  // the catalogue could not be fetched (offline, first visit): ids rather than a blank page
  if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });
});

void Promise.all([import('./app/boot'), firstTexts]).then(([{ boot }]) => boot());
