import {
  badRequest,
  conflict,
  type CreateProfileRequest,
  ErrorCodes,
  Events,
  Limits,
  Messages,
  notFound,
  type OwnProfileView,
  type ProfileChangedEvent,
  type SnapshotPageRequest,
  parsePhotoUrl,
  PHOTO_VARIANTS,
  photoObjectKey,
  type UpdateProfileRequest,
  type UserIdRequest,
} from '@aero/contracts';
import { CLOCK, type Clock, DomainEvents, UnitOfWork, OBJECT_STORAGE } from '@aero/common';
import type { ObjectStorage } from '@aero/ports';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { employmentChanged, setVerification, standingOf } from '../verification/employment-review.js';
import { VerificationDocumentRepository } from '../verification/verification-document.repository.js';
import { EDITABLE_FIELDS, newProfile, toOwnProfileView, toProfileChangedEvent } from './profile.mapper.js';
import type { Profile } from './profile.js';
import { ProfileRepository } from './profile.repository.js';

type ProfileInput = Partial<Record<(typeof EDITABLE_FIELDS)[number] | 'photos' | 'mainPhoto', unknown>>;

/** Profile rules: photos owned by the user and at most 6, the main photo always one of them. */
@Injectable()
export class ProfilesService {
  private readonly logger = new Logger('ProfilesService');

  constructor(
    private readonly profiles: ProfileRepository,
    private readonly documents: VerificationDocumentRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** the current state of every profile (or of `userId`'s), a page at a time, as the events carry it (projections rebuild or catch up from it) */
  async snapshot({ after, limit, userId }: SnapshotPageRequest): Promise<ProfileChangedEvent[]> {
    return (await this.profiles.page(after, limit, userId)).map(toProfileChangedEvent);
  }

  async get({ userId }: UserIdRequest): Promise<OwnProfileView | null> {
    const profile = await this.profiles.findByUserId(userId);
    return profile ? toOwnProfileView(profile) : null;
  }

  /** Registration happens once: a second create is a 409, edits go through `update`. */
  async create({ userId, profile: body }: CreateProfileRequest): Promise<OwnProfileView> {
    const profile = newProfile(userId, this.clock.now());
    applyFields(profile, body);
    profile.photos = ownedPhotos(userId, body.photos);
    profile.mainPhoto = chooseMainPhoto(profile.photos, body.mainPhoto);
    profile.profileCompleted = true;
    profile.revision = 1;
    return this.uow.run(async () => {
      // a registration still on its way when the account was deleted stores nothing
      if (!(await this.profiles.holdPresentMember(userId, 'shared'))) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
      // a document sent before the profile existed: the profile starts with its review (submissions wait for this)
      await this.documents.lockUser(userId);
      // as the review stands for who pays (a document sent again after a rejection counts as that rejection until approved)
      const [latest, previous] = await this.documents.latestTwoForUser(userId);
      setVerification(profile, standingOf(latest, previous));
      if (!(await this.profiles.insert(profile))) throw conflict('Your profile already exists', ErrorCodes.profileExists);
      await this.events.emit(Events.profiles.profileCreated, toProfileChangedEvent(profile));
      return toOwnProfileView(profile);
    });
  }

  /**
   * Changes only the fields sent; photos dropped from the profile are deleted from storage. A new
   * airline or position withdraws an approved employment document (beyond spec: the badge, and
   * staff access, wait for a new one).
   */
  async update({ userId, profile: body }: UpdateProfileRequest): Promise<OwnProfileView> {
    const { view, removed } = await this.uow.run(async () => {
      const profile = await this.profiles.findByUserIdForUpdate(userId);
      if (!profile) throw notFound('Profile not found', ErrorCodes.profileNotFound);
      const before = profile.photos ?? [];
      const employment = { airline: profile.airline, position: profile.position };
      applyFields(profile, body);
      if (body.photos !== undefined) profile.photos = ownedPhotos(userId, body.photos);
      if (body.photos !== undefined || body.mainPhoto !== undefined) {
        profile.mainPhoto = chooseMainPhoto(profile.photos, body.mainPhoto === undefined ? profile.mainPhoto : body.mainPhoto);
      }
      if (profile.verification === 'approved' && employmentChanged(employment, profile)) {
        // the approved document proved the airline and position before the edit: the badge waits for a new one
        await this.documents.supersedeApproved(userId);
        setVerification(profile, 'none');
      }
      profile.revision += 1;
      await this.profiles.save(profile);
      await this.events.emit(Events.profiles.profileUpdated, toProfileChangedEvent(profile));
      return { view: toOwnProfileView(profile), removed: before.filter((url) => !profile.photos.includes(url)) };
    });
    await this.deletePhotoObjects(userId, removed);
    return view;
  }

  /** after the commit: a failure here leaves an unreferenced object behind, never a broken profile */
  private async deletePhotoObjects(userId: string, urls: string[]) {
    for (const url of urls) {
      const parsed = parsePhotoUrl(url);
      if (!parsed || parsed.userId !== userId) continue;
      for (const variant of PHOTO_VARIANTS) {
        try {
          await this.storage.delete(photoObjectKey(userId, parsed.photoId, variant));
        } catch (err) {
          this.logger.warn(`could not delete ${variant} of photo ${parsed.photoId}: ${String(err)}`);
        }
      }
    }
  }
}

function applyFields(profile: Profile, body: ProfileInput) {
  const target = profile as unknown as Record<string, unknown>;
  for (const field of EDITABLE_FIELDS) {
    if (body[field] !== undefined) target[field] = body[field];
  }
  if (profile.agePreferenceMin > profile.agePreferenceMax) throw badRequest(Messages.minAgeAboveMax, ErrorCodes.agePreferenceRange);
}

/** every photo must be one the user uploaded (their id in the URL); duplicates collapse */
export function ownedPhotos(userId: string, photos: string[] | undefined): string[] {
  const unique = [...new Set(photos ?? [])];
  if (unique.length > Limits.photosPerProfile) throw badRequest(Messages.tooManyPhotosTotal, ErrorCodes.tooManyPhotos);
  for (const url of unique) {
    if (parsePhotoUrl(url)?.userId !== userId) throw badRequest(Messages.photoUnknown, ErrorCodes.unknownPhoto);
  }
  return unique;
}

/** spec §4: the main photo is one of the photos; when none is set or it was removed, the first one */
export function chooseMainPhoto(photos: string[], wanted: string | null | undefined): string | null {
  if (wanted && photos.includes(wanted)) return wanted;
  return photos[0] ?? null;
}
