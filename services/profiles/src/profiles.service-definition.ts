import type { ServiceDefinition } from '@aero/common';
import { CreateMemberSettings1764300000000 } from './migrations/1764300000000-create-member-settings.js';
import { MemberSettingsController } from './settings/member-settings.controller.js';
import { MemberSettingsRepository } from './settings/member-settings.repository.js';
import { MemberSettingsService } from './settings/member-settings.service.js';
import { AddProfilesRevision1764200000000 } from './migrations/1764200000000-add-profiles-revision.js';
import { AddProfilesVerification1764800000000 } from './migrations/1764800000000-add-profiles-verification.js';
import { AddProfilesBaseAirport1764910000000 } from './migrations/1764910000000-add-profiles-base-airport.js';
import { DeleteProfileWhenAccountDeletedHandler } from './events/delete-profile-when-account-deleted.handler.js';
import { CreateProfilesSchema1763700000000 } from './migrations/1763700000000-create-profiles-schema.js';
import { CreateProfiles1763800000000 } from './migrations/1763800000000-create-profiles.js';
import { AddOutboxRequestId1765000000000 } from './migrations/1765000000000-add-outbox-request-id.js';
import { AddInboxProcessedAtIndex1765800000000 } from './migrations/1765800000000-add-inbox-processed-at-index.js';
import { AddVerificationDocumentEmployment1766100000000 } from './migrations/1766100000000-add-verification-document-employment.js';
import { CreateProfilesDepartedMembers1766800000000 } from './migrations/1766800000000-create-departed-members.js';
import { ForgetDecidedDocumentDetails1766810000000 } from './migrations/1766810000000-forget-decided-document-details.js';
import { ProfileEntity } from './profiles/profile.orm-entity.js';
import { ProfileRepository } from './profiles/profile.repository.js';
import { ProfilesController } from './profiles/profiles.controller.js';
import { ProfilesService } from './profiles/profiles.service.js';
import { VerificationDocumentEntity } from './verification/verification-document.orm-entity.js';
import { VerificationDocumentRepository } from './verification/verification-document.repository.js';
import { VerificationController } from './verification/verification.controller.js';
import { VerificationService } from './verification/verification.service.js';

/** profiles: profile fields, photos, private coordinates, employment verification and its review. */
export const profilesService: ServiceDefinition = {
  name: 'profiles',
  controllers: [MemberSettingsController, ProfilesController, VerificationController],
  providers: [MemberSettingsRepository, MemberSettingsService, ProfileRepository, VerificationDocumentRepository, ProfilesService, VerificationService],
  entities: [ProfileEntity, VerificationDocumentEntity],
  migrations: [CreateProfilesSchema1763700000000, CreateProfiles1763800000000, AddProfilesRevision1764200000000, CreateMemberSettings1764300000000, AddProfilesVerification1764800000000, AddProfilesBaseAirport1764910000000, AddOutboxRequestId1765000000000, AddInboxProcessedAtIndex1765800000000, AddVerificationDocumentEmployment1766100000000, CreateProfilesDepartedMembers1766800000000, ForgetDecidedDocumentDetails1766810000000],
  eventHandlers: [DeleteProfileWhenAccountDeletedHandler],
};
