import { documentPrefix, Events, photoPrefix } from '@aero/contracts';
import { type DomainEvent, type DomainEventHandler, OBJECT_STORAGE } from '@aero/common';
import type { ObjectStorage } from '@aero/ports';
import { Inject, Injectable } from '@nestjs/common';
import { ProfileRepository } from '../profiles/profile.repository.js';
import { MemberSettingsRepository } from '../settings/member-settings.repository.js';
import { VerificationDocumentRepository } from '../verification/verification-document.repository.js';

/** A deleted account takes its profile, settings, documents, photos and document files with it. */
@Injectable()
export class DeleteProfileWhenAccountDeletedHandler implements DomainEventHandler<typeof Events.identity.accountDeleted> {
  readonly consumer = 'profiles.delete-profile-when-account-deleted';
  readonly subjects = [Events.identity.accountDeleted];

  constructor(
    private readonly profiles: ProfileRepository,
    private readonly documents: VerificationDocumentRepository,
    private readonly settings: MemberSettingsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async handle(event: DomainEvent<typeof Events.identity.accountDeleted>) {
    const { accountId } = event.payload;
    // a profile or settings being saved is in before this (and deleted below), or sees the departure
    await this.profiles.lockMember(accountId, 'exclusive');
    await this.profiles.depart(accountId);
    // the profile first: a document being sent holds it (VerificationService.submit), and is
    // deleted below once it is in
    await this.profiles.delete(accountId);
    await this.documents.deleteForUser(accountId);
    await this.settings.delete(accountId);
    // idempotent: a redelivery (if the commit fails after this) deletes nothing more
    await this.storage.deletePrefix(photoPrefix(accountId));
    await this.storage.deletePrefix(documentPrefix(accountId));
  }
}
