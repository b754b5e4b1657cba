/** An account as identity's rules see it: a plain object (AccountRepository maps the ORM entity to it and back). */
export interface Account {
  id: string;
  /** stored lower-cased: emails compare case-insensitively */
  email: string;
  passwordHash: string;
  emailVerified: boolean;
  userType: string | null;
  subscriptionStatus: string;
  /** the end of the paid period, as billing last said (spec §3 subscriptionExpiresAt) */
  subscriptionExpiresAt: Date | null;
  /** billing's revision of the last subscription change applied (an older one arriving late is ignored) */
  subscriptionRevision: number;
  /** banned by a moderator: never signs in again, hidden everywhere */
  bannedAt: Date | null;
  /** suspended by a moderator until then: like a ban while it lasts */
  suspendedUntil: Date | null;
  /** a demo crew account (single-node demo data) */
  demo: boolean;
  /** increases with every change other services hear of (the revision in its events) */
  revision: number;
  /**
   * the unverified address was signed up again (by its owner or by anyone: each sign-up sets the
   * password): the code proves the address, not which sign-up it answers, so it is confirmed only
   * with the password the verifier sends (see RegistrationService.verify)
   */
  signedUpAgain: boolean;
  verificationCodeHash: string | null;
  verificationExpiresAt: Date | null;
  verificationAttempts: number;
  resetTokenHash: string | null;
  resetExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
