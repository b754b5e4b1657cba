import { isAirline, Limits } from '../limits.js';
import type { VerificationStatus } from '../options.js';

/** What decides whether a member must pay to use the app. */
export interface PaymentStanding {
  userType: string | null;
  subscriptionStatus: string | null;
  /** the review of the member's employment document (airline members), as it counts for paying (`EmploymentReviewView.standing`) */
  verification: VerificationStatus;
  registeredAt: string | Date;
}

const DAY_MS = 24 * 3600 * 1000;
const FOREVER = new Date(8.64e15);

/**
 * Until when a member uses the app as airline staff, without paying (null: not at all). Staff
 * are the members whose employment document is approved or awaiting review; an airline member
 * who has not uploaded one yet has `airlineDocumentGraceDays` from registering to do so (from the
 * account's creation: switching from general to airline starts no new one), and one whose document
 * was rejected is not staff (beyond spec §2: calling oneself airline is not enough) until a new one
 * is approved: a document sent again after a rejection counts as the rejection while it is under
 * review (`verification` is the review's standing), else sending junk again after each rejection
 * would skip the paywall for good.
 */
export function staffAccessUntil(s: PaymentStanding): Date | null {
  if (!isAirline(s.userType)) return null;
  if (s.verification === 'approved' || s.verification === 'pending') return FOREVER;
  if (s.verification === 'rejected') return null;
  return new Date(new Date(s.registeredAt).getTime() + Limits.airlineDocumentGraceDays * DAY_MS);
}

/**
 * The one rule of who must pay: a member with a type (the gate sends those without one to
 * /welcome) who has no active subscription and is not airline staff. Used by the gate, the
 * /subscribe redirects, get-or-create-subscription and the deck.
 */
export function mustPay(s: PaymentStanding, now: Date = new Date()): boolean {
  if (!s.userType || s.subscriptionStatus === 'active') return false;
  const staffUntil = staffAccessUntil(s);
  return !staffUntil || staffUntil <= now;
}
