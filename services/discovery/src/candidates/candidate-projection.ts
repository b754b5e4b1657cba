import { type AccountRestrictedEvent, type AccountTypeSetEvent, type ProfileChangedEvent, type Restriction, type SettingsChangedEvent, staffAccessUntil } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { standingOf } from './candidate.js';
import { CandidateRepository } from './candidate.repository.js';
import { snapToGrid } from './location-grid.js';

/**
 * How the deck's read model takes in the owners' state, from a live event or from a snapshot
 * page alike: by revision (an older state changes nothing), coordinates only as their grid cell.
 * Staff access (the end of an airline member's free use) follows from both the account part and
 * the profile part, so it is worked out again whenever either is applied.
 */
@Injectable()
export class CandidateProjection {
  constructor(private readonly candidates: CandidateRepository) {}

  async applyProfile({ userId, revision, profile, matching }: ProfileChangedEvent): Promise<boolean> {
    const applied = await this.candidates.upsertProfile(
      {
        userId,
        profile,
        profileCompleted: matching.profileCompleted,
        age: profile.age,
        gender: profile.gender,
        interestedIn: profile.interestedIn,
        ageMin: matching.agePreferenceMin,
        ageMax: matching.agePreferenceMax,
        distancePreference: matching.distancePreference,
        cell: snapToGrid(matching.latitude, matching.longitude),
        // an event from before profiles carried the review: the badge stands for an approved one
        verification: matching.verification ?? (profile.verified ? 'approved' : 'none'),
      },
      revision ?? 0,
    );
    if (applied) await this.refreshStaffAccess(userId);
    return applied;
  }

  applySettings({ userId, revision, settings }: SettingsChangedEvent): Promise<boolean> {
    const { profileVisibility, showAge, showDistance, hideFromOwnAirline } = settings.privacy;
    // an event from before the setting existed: not hidden
    return this.candidates.upsertPrivacy(userId, { visibility: profileVisibility, showAge, showDistance, hideOwnAirline: hideFromOwnAirline ?? false }, revision);
  }

  async applyAccount({ accountId, revision, userType, subscriptionStatus, demo, registeredAt, restriction }: AccountTypeSetEvent): Promise<boolean> {
    const applied = await this.candidates.upsertAccount(
      { userId: accountId, userType, subscriptionStatus: subscriptionStatus ?? 'inactive', demo: demo ?? false, registeredAt: registeredAt ? new Date(registeredAt) : null },
      revision ?? 0,
      restrictedUntil(restriction),
    );
    if (applied) await this.refreshStaffAccess(accountId);
    return applied;
  }

  applyRestriction({ accountId, revision, restriction }: AccountRestrictedEvent): Promise<boolean> {
    return this.candidates.restrict(accountId, restrictedUntil(restriction), revision);
  }

  /** the row is locked by the upsert just made: a concurrent event for the other part waits, then works it out again */
  private async refreshStaffAccess(userId: string) {
    const candidate = await this.candidates.find(userId);
    if (candidate) await this.candidates.setStaffAccessUntil(userId, staffAccessUntil(standingOf(candidate)));
  }
}

/** a ban lasts for ever, a suspension until its end */
const restrictedUntil = (r: Restriction | null | undefined): string | null => (!r ? null : r.kind === 'banned' ? 'infinity' : r.until);
