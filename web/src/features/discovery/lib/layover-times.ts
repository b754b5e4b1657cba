import { type ErrorCode, LOCAL_TIME_PATTERN } from '@aero/contracts/shared';
import { text, type Text } from '../../../i18n/message-key';

// The layover sheet's times (beyond spec): checked before they are sent, and the server's refusals
// of them put under the field they are about. Apart from lib/layover: only the sheet's chunk needs it.

/** a layover's time fields */
export type LayoverTimeField = 'arrivesAt' | 'departsAt';

/**
 * What is wrong with the times before they are sent, and at which field: each must be a full date
 * and time, and the departure after the arrival (both are wall-clock times of the same place).
 * The rest (too long, too far ahead, over) needs the place's clock: the server says it.
 */
export function layoverTimesProblem(times: { arrivesAt: string; departsAt: string }): { field: LayoverTimeField; text: Text } | null {
  for (const field of ['arrivesAt', 'departsAt'] as const) if (!LOCAL_TIME_PATTERN.test(times[field])) return { field, text: text('messages.layoverTimeInvalid') };
  if (times.departsAt <= times.arrivesAt) return { field: 'departsAt', text: text('messages.layoverDepartureBeforeArrival') };
  return null;
}

/** the time field a refusal of the layover is about (shown under it), or null for one about something else */
export function layoverTimeFieldOf(code: ErrorCode | undefined): LayoverTimeField | null {
  switch (code) {
    case 'layover_too_far_ahead':
      return 'arrivesAt';
    case 'layover_departure_before_arrival':
    case 'layover_too_long':
    case 'layover_over':
      return 'departsAt';
    default:
      return null;
  }
}
