import { Limits } from '@aero/contracts/shared';

// Install card rules (spec §4): shown 10 s after the browser offers installation, skipped when
// the app already runs standalone, and suppressed for 24 h after a dismissal.
export const INSTALL_DISMISSED_AT_KEY = 'aero.installPromptDismissedAt';

export function isInstallSuppressed(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && Number.isFinite(dismissedAt) && now - dismissedAt < Limits.installDismissSuppressMs;
}

/** Milliseconds to wait before showing the card, or null when it must not be shown. */
export function installCardDelay(input: { standalone: boolean; dismissedAt: number | null; now: number }): number | null {
  if (input.standalone) return null;
  if (isInstallSuppressed(input.dismissedAt, input.now)) return null;
  return Limits.installPromptDelayMs;
}

/** The stored time of the last dismissal (a number, as lib/storage reads it back), or null. */
export function parseDismissedAt(stored: unknown): number | null {
  return typeof stored === 'number' && Number.isFinite(stored) ? stored : null;
}
