// The activity feature's light entry for pushed notifications: the texts the service worker shows
// them in (the app keeps them where push is turned on and the language changes: Settings).
export { keepPushTexts } from './lib/keep-push-texts';
