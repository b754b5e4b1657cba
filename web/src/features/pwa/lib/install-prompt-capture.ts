/** The non-standard event Chromium fires when the app can be installed. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let captured: BeforeInstallPromptEvent | null = null;

/**
 * Chromium's install offer (`beforeinstallprompt`, once per page) may come before the app has
 * rendered its install card: from the page's start the latest is kept (and the browser's own
 * banner held back) for the card, until it is used or the app installed.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    captured = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', forgetInstallPrompt);
}

/** the latest offer of this page, whenever it came */
export const capturedInstallPrompt = (): BeforeInstallPromptEvent | null => captured;

/** an offer is good for one prompt */
export function forgetInstallPrompt(): void {
  captured = null;
}
