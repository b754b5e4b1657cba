import type { OwnProfileView, VerificationStatus } from '@aero/contracts';

/**
 * A profile as the profiles service's rules see it: a plain object (ProfileRepository maps the ORM
 * entity to it and back). The member's fields are the owner's view of them (same names and types);
 * the rest is what only the service keeps.
 */
export interface Profile extends OwnProfileView {
  userId: string;
  /** increases with every change other services hear of (the revision in its events) */
  revision: number;
  /** the review of the member's newest employment document (a copy kept with the documents, in the same transaction) */
  verification: VerificationStatus;
  createdAt: Date;
  updatedAt: Date;
}
