/** A voice clip's length as m:ss (spec §2): 0:05, 1:30, 12:00; unknown or negative is 0:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && (seconds as number) > 0 ? Math.round(seconds as number) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}

/** A recording's length in whole seconds (the contract's attachmentDuration): at least 1. */
export const recordedSeconds = (startedAt: number, stoppedAt: number) => Math.max(1, Math.round((stoppedAt - startedAt) / 1000));
