import { Limits } from '../limits.js';

/**
 * The server's texts of reports and moderation: kept apart from `Messages`, which the web's first
 * screen carries. The report dialog and the admin section check the same rules before sending
 * and say so in the member's language (`safety.error.<key>`); any other answer shows as given.
 */
export const SafetyMessages = {
  reportReasonRequired: 'Please choose a reason',
  reportDetailsRequired: 'Please tell us what happened',
  reportDetailsTooLong: `Details can be at most ${Limits.reportDetailsMaxChars} characters`,
  cannotReportSelf: 'You cannot report yourself',
  caseNotFound: 'Case not found',
  caseDecided: 'This case was already decided',
  moderationReasonRequired: 'Please say why',
  suspensionDays: `A suspension lasts 1 to ${Limits.suspensionMaxDays} days`,
  cannotModerateSelf: 'You cannot decide a case about yourself',
  cannotRestrictAdmin: 'An admin cannot be suspended or banned',
  alreadyBanned: 'This member is banned already',
} as const;
export type SafetyMessageKey = keyof typeof SafetyMessages;

