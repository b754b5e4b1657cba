import {
  conflict,
  ErrorCodes,
  Events,
  forbidden,
  notFound,
  type DocumentIdRequest,
  type EmploymentReviewView,
  type ListPendingVerificationsRequest,
  type PendingVerificationView,
  type ReviewDocumentRequest,
  type StoredDocumentView,
  type SubmitDocumentRequest,
  type UserIdRequest,
  type VerificationReviewedEvent,
  type VerificationStatus,
  type VerificationStatusView,
} from '@aero/contracts';
import { CLOCK, type Clock, DomainEvents, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { toProfileChangedEvent } from '../profiles/profile.mapper.js';
import { ProfileRepository } from '../profiles/profile.repository.js';
import { reviewStatusOf, setVerification, standingOf } from './employment-review.js';
import { VerificationDocumentRepository } from './verification-document.repository.js';

export const VerificationMessages = {
  underReview: 'Your document is already under review',
  alreadyVerified: 'Your employment is already verified',
  alreadyReviewed: 'This verification was already reviewed',
  notFound: 'Verification not found',
  cannotReviewSelf: 'You cannot review your own document',
  /** a document is sent for the profile's airline and position: there must be a profile */
  profileFirst: 'Create your profile before sending a document',
  /** approving a document whose member changed the airline or position it was sent with (it proves the old ones) */
  outdated: 'This member changed their airline or position after sending this document. Reject it: they can send one for their new employment.',
} as const;

/**
 * Employment verification: one document under review at a time, reviewed by an admin. Each step
 * is copied onto the profile (its revision and a profile-updated event): discovery learns from it
 * who is airline staff and who must pay.
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly documents: VerificationDocumentRepository,
    private readonly profiles: ProfileRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async status({ userId }: UserIdRequest): Promise<EmploymentReviewView> {
    const [latest, previous] = await this.documents.latestTwoForUser(userId);
    return { status: reviewStatusOf(latest), standing: standingOf(latest, previous) };
  }

  /**
   * allowed when there is no document yet or the last one was rejected (spec §4) or superseded;
   * one sent after a rejection makes the member staff only once approved (`standingOf`)
   */
  async submit({ userId, documentId, objectKey, fileName, contentType }: SubmitDocumentRequest): Promise<VerificationStatusView> {
    return this.uow.run(async () => {
      await this.documents.lockUser(userId);
      const latest = await this.documents.latestForUser(userId);
      if (latest?.status === 'pending') throw conflict(VerificationMessages.underReview, ErrorCodes.verificationPending);
      if (latest?.status === 'approved') throw conflict(VerificationMessages.alreadyVerified, ErrorCodes.verificationApproved);
      // sent for the airline and position the profile has now: what the admin sees, and approves
      // (locked: an account deletion deleting the profile meanwhile waits, then deletes this document too)
      const profile = await this.profiles.findByUserIdForUpdate(userId);
      if (!profile) throw conflict(VerificationMessages.profileFirst, ErrorCodes.profileNotFound);
      await this.documents.insert({ id: documentId, userId, objectKey, fileName, contentType, status: 'pending', airline: profile.airline, position: profile.position });
      await this.copyToProfile(userId, standingOf({ status: 'pending' }, latest));
      return { status: 'pending' as const };
    });
  }

  /** the queue a reviewer works through: never their own document (see `review`) */
  async listPending({ reviewerId }: ListPendingVerificationsRequest): Promise<PendingVerificationView[]> {
    return (await this.documents.listPending(reviewerId)).map(({ document, firstName }) => ({
      id: document.id,
      // pending: not forgotten yet
      fileName: document.fileName ?? '',
      createdAt: document.createdAt.toISOString(),
      userId: document.userId,
      user: { firstName, airline: document.airline, position: document.position },
    }));
  }

  async getDocument({ documentId }: DocumentIdRequest): Promise<StoredDocumentView> {
    const document = await this.documents.findById(documentId);
    // a decided document's file is gone: nothing to open
    if (document?.status !== 'pending') throw notFound(VerificationMessages.notFound, ErrorCodes.verificationNotFound);
    return { id: document.id, userId: document.userId, objectKey: document.objectKey, contentType: document.contentType };
  }

  /** only a pending document, and never by its owner; approval gives the profile its verified badge */
  async review({ documentId, decision, reviewerId, reason }: ReviewDocumentRequest): Promise<VerificationStatusView> {
    return this.uow.run(async () => {
      const document = await this.documents.findByIdForUpdate(documentId);
      if (!document) throw notFound(VerificationMessages.notFound, ErrorCodes.verificationNotFound);
      if (document.status !== 'pending') throw conflict(VerificationMessages.alreadyReviewed, ErrorCodes.verificationReviewed);
      // nobody decides their own case (as moderation): an admin's own document is for another admin
      if (reviewerId && reviewerId === document.userId) throw forbidden(VerificationMessages.cannotReviewSelf, ErrorCodes.cannotReviewSelf);
      if (decision === 'approved') {
        // it proves the airline and position it was sent with: not others the member chose since
        const profile = await this.profiles.findByUserIdForUpdate(document.userId);
        if (!profile || profile.airline !== document.airline || profile.position !== document.position) throw conflict(VerificationMessages.outdated, ErrorCodes.verificationOutdated);
      }
      document.status = decision;
      document.reviewedAt = this.clock.now();
      // only the decision and its date stay (the privacy policy): the file goes (below), and what
      // it was sent as with it
      Object.assign(document, { fileName: null, airline: null, position: null });
      await this.documents.save(document);
      // the file goes once decided (the gateway deletes it); the admin and note go to the audit log
      const reviewed: VerificationReviewedEvent = { userId: document.userId, documentId, objectKey: document.objectKey, reviewerId: reviewerId ?? null, reason: reason ?? null };
      await this.events.emit(decision === 'approved' ? Events.profiles.verificationApproved : Events.profiles.verificationRejected, reviewed);
      // approval gives the badge; either way the profile's copy of the review follows
      await this.copyToProfile(document.userId, decision);
      return { status: decision };
    });
  }

  /** the profile (when there is one yet) shows the review; other services hear of it with the profile */
  private async copyToProfile(userId: string, status: VerificationStatus) {
    const profile = await this.profiles.findByUserIdForUpdate(userId);
    if (!profile || !setVerification(profile, status)) return;
    profile.revision += 1;
    await this.profiles.save(profile);
    await this.events.emit(Events.profiles.profileUpdated, toProfileChangedEvent(profile));
  }
}
