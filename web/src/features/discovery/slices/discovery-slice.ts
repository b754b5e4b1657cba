import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Limits, superLikeDay, superLikesUsedOn } from '@aero/contracts/shared';

// What the swipe screen remembers on this device, per member (spec §4 Swipe): the local super
// like count (the server resets its quota at midnight UTC, and so does this count) and the
// boost's expiry. The server stays the judge: it refuses a super like or a boost it does not allow.

export interface MemberDiscoveryState {
  /** the UTC day the count belongs to (YYYY-MM-DD) */
  superLikesDay: string | null;
  superLikesUsed: number;
  /** ISO time the boost ends, or null */
  boostExpiresAt: string | null;
}

export type DiscoveryState = Record<string, MemberDiscoveryState>;

export const DISCOVERY_STORAGE_KEY = 'aero.discovery';

const blank: MemberDiscoveryState = { superLikesDay: null, superLikesUsed: 0, boostExpiresAt: null };

/** Super likes left today (default 1 a day, spec §9). */
export function superLikesRemaining(member: MemberDiscoveryState | undefined, now: Date): number {
  return Math.max(0, Limits.superLikesPerDay - (member ? superLikesUsedOn(member, now) : 0));
}

/** Milliseconds of boost left (0 when none is active). */
export function boostRemainingMs(member: MemberDiscoveryState | undefined, now: Date): number {
  const until = member?.boostExpiresAt ? Date.parse(member.boostExpiresAt) : NaN;
  return Number.isFinite(until) ? Math.max(0, until - now.getTime()) : 0;
}

/** A stored value, checked field by field (anything stale or tampered is dropped). */
export function loadDiscoveryState(stored: unknown): DiscoveryState {
  if (!stored || typeof stored !== 'object') return {};
  const out: DiscoveryState = {};
  for (const [userId, value] of Object.entries(stored as Record<string, unknown>)) {
    if (!value || typeof value !== 'object') continue;
    const v = value as Partial<MemberDiscoveryState>;
    out[userId] = {
      superLikesDay: typeof v.superLikesDay === 'string' ? v.superLikesDay : null,
      superLikesUsed: typeof v.superLikesUsed === 'number' && v.superLikesUsed >= 0 ? Math.floor(v.superLikesUsed) : 0,
      boostExpiresAt: typeof v.boostExpiresAt === 'string' && Number.isFinite(Date.parse(v.boostExpiresAt)) ? v.boostExpiresAt : null,
    };
  }
  return out;
}

const member = (state: DiscoveryState, userId: string) => (state[userId] ??= { ...blank });

export const discoverySlice = createSlice({
  name: 'discovery',
  initialState: {} as DiscoveryState,
  reducers: {
    /** a super like went through: one fewer today */
    superLikeUsed(state, { payload }: PayloadAction<{ userId: string; at: string }>) {
      const m = member(state, payload.userId);
      const day = superLikeDay(new Date(payload.at));
      m.superLikesUsed = m.superLikesDay === day ? m.superLikesUsed + 1 : 1;
      m.superLikesDay = day;
    },
    /** the server says none are left today */
    superLikesExhausted(state, { payload }: PayloadAction<{ userId: string; at: string }>) {
      const m = member(state, payload.userId);
      m.superLikesDay = superLikeDay(new Date(payload.at));
      m.superLikesUsed = Math.max(m.superLikesUsed, Limits.superLikesPerDay);
    },
    /** an undone super like is given back (the server does the same on the same day) */
    superLikeReturned(state, { payload }: PayloadAction<{ userId: string; at: string }>) {
      const m = member(state, payload.userId);
      if (m.superLikesDay === superLikeDay(new Date(payload.at))) m.superLikesUsed = Math.max(0, m.superLikesUsed - 1);
    },
    boostStarted(state, { payload }: PayloadAction<{ userId: string; expiresAt: string }>) {
      member(state, payload.userId).boostExpiresAt = payload.expiresAt;
    },
  },
});

export const { superLikeUsed, superLikesExhausted, superLikeReturned, boostStarted } = discoverySlice.actions;
export const selectMemberDiscovery = (userId: string) => (s: { discovery: DiscoveryState }) => s.discovery[userId];
