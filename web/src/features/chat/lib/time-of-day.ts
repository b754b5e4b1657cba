/** A message's time of day as its language writes it: 12:12 AM in English, 00:12 in French and German, 0:12 in Spanish. */
export const TIME_OF_DAY: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
