import type { AccountRestrictedEvent, AccountTypeSetEvent, ProfileChangedEvent, Restriction, SettingsChangedEvent } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { CandidateRepository } from './candidate.repository.js';
import { snapToGrid } from './location-grid.js';

/**
 * How the deck's read model takes in the owners' state, from a live event or from a snapshot
 * page alike: by revision (an older state changes nothing), coordinates only as their grid cell.
 */
@Injectable()
export class CandidateProjection {
  constructor(private readonly candidates: CandidateRepository) {}

  applyProfile({ userId, revision, profile, matching }: ProfileChangedEvent): Promise<boolean> {
    return this.candidates.upsertProfile(
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
      },
      revision ?? 0,
    );
  }

  applySettings({ userId, revision, settings }: SettingsChangedEvent): Promise<boolean> {
    const { profileVisibility, showAge, showDistance } = settings.privacy;
    return this.candidates.upsertPrivacy(userId, { visibility: profileVisibility, showAge, showDistance }, revision);
  }

  applyAccount({ accountId, revision, userType, subscriptionStatus, demo, restriction }: AccountTypeSetEvent): Promise<boolean> {
    return this.candidates.upsertAccount({ userId: accountId, userType, subscriptionStatus: subscriptionStatus ?? 'inactive', demo: demo ?? false }, revision ?? 0, restrictedUntil(restriction));
  }

  applyRestriction({ accountId, revision, restriction }: AccountRestrictedEvent): Promise<boolean> {
    return this.candidates.restrict(accountId, restrictedUntil(restriction), revision);
  }
}

/** a ban lasts for ever, a suspension until its end */
const restrictedUntil = (r: Restriction | null | undefined): string | null => (!r ? null : r.kind === 'banned' ? 'infinity' : r.until);
