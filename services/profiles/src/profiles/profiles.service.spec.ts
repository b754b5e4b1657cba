import { jest } from '@jest/globals';
import { type CreateProfileBody, ErrorCodes, Events, Messages, photoUrl, type UpdateProfileBody } from '@aero/contracts';
import type { Clock, DomainEvents, UnitOfWork } from '@aero/common';
import type { ObjectStorage } from '@aero/ports';
import { newProfile } from './profile.mapper.js';
import type { Profile } from './profile.js';
import type { ProfileRepository } from './profile.repository.js';
import type { VerificationDocument } from '../verification/verification-document.js';
import type { VerificationDocumentRepository } from '../verification/verification-document.repository.js';
import { ProfilesService } from './profiles.service.js';

const userId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
const otherId = '9a0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d99';
const photo = (n: number, owner = userId) => photoUrl(owner, `6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d${String(n).padStart(2, '0')}`);

const registration = (over: Partial<CreateProfileBody> = {}): CreateProfileBody =>
  ({
    firstName: 'Amelia',
    age: 29,
    bio: 'Captain on the A320',
    location: 'Dallas, Texas',
    latitude: '32.7767',
    longitude: '-96.7970',
    gender: 'female',
    interestedIn: 'man',
    userType: 'airline',
    airline: 'Delta Air Lines',
    photos: [photo(1), photo(2)],
    ...over,
  }) as CreateProfileBody;

function setup(existing?: Profile, docs: Pick<VerificationDocument, 'userId' | 'status'>[] = []) {
  const rows = new Map<string, Profile>(existing ? [[existing.userId, existing]] : []);
  const profiles = {
    findByUserId: jest.fn(async (id: string) => rows.get(id) ?? null),
    findByUserIdForUpdate: jest.fn(async (id: string) => rows.get(id) ?? null),
    insert: jest.fn(async (p: Profile) => {
      if (rows.has(p.userId)) return false;
      rows.set(p.userId, p);
      return true;
    }),
    save: jest.fn(async (p: Profile) => rows.set(p.userId, p).get(p.userId)),
    holdPresentMember: jest.fn(async (_id: string, _mode: 'shared' | 'exclusive') => true),
  };
  const documents = {
    lockUser: jest.fn(async () => undefined),
    latestForUser: jest.fn(async (id: string) => docs.filter((d) => d.userId === id).at(-1) ?? null),
    latestTwoForUser: jest.fn(async (id: string) => {
      const own = docs.filter((d) => d.userId === id);
      return [own.at(-1) ?? null, own.at(-2) ?? null];
    }),
    supersedeApproved: jest.fn(async (id: string) => docs.filter((d) => d.userId === id && d.status === 'approved').forEach((d) => (d.status = 'superseded'))),
  };
  const emitted: Array<{ subject: string; payload: Record<string, unknown> }> = [];
  const uow = { run: (work: () => Promise<unknown>) => work() };
  const events = { emit: async (subject: string, payload: object) => void emitted.push({ subject, payload: payload as Record<string, unknown> }) };
  const storage = { delete: jest.fn(async () => undefined) };
  const service = new ProfilesService(profiles as unknown as ProfileRepository, documents as unknown as VerificationDocumentRepository, uow as unknown as UnitOfWork, events as unknown as DomainEvents, storage as unknown as ObjectStorage, { now: () => new Date() } satisfies Clock);
  return { service, profiles, rows, emitted, storage, docs };
}

const existing = (over: Partial<Profile> = {}): Profile => Object.assign(newProfile(userId, new Date()), { firstName: 'Amelia', photos: [photo(1), photo(2), photo(3)], mainPhoto: photo(2), profileCompleted: true, ...over });

describe('ProfilesService', () => {
  it('creates a completed profile once, main photo defaulting to the first, and announces only the public view', async () => {
    const { service, emitted } = setup();
    const view = await service.create({ userId, profile: registration() });
    expect(view).toMatchObject({ firstName: 'Amelia', profileCompleted: true, verified: false, mainPhoto: photo(1), latitude: '32.7767', agePreferenceMin: 18, agePreferenceMax: 99 });
    expect(emitted).toHaveLength(1);
    expect(emitted[0].subject).toBe(Events.profiles.profileCreated);
    const publicView = emitted[0].payload.profile as Record<string, unknown>;
    expect(publicView).toMatchObject({ id: userId, firstName: 'Amelia', airline: 'Delta Air Lines' });
    for (const hidden of ['latitude', 'longitude', 'distancePreference', 'agePreferenceMin', 'agePreferenceMax', 'profileCompleted', 'email']) expect(publicView).not.toHaveProperty(hidden);
    await expect(service.create({ userId, profile: registration() })).rejects.toMatchObject({ status: 409 });
  });

  it('stores nothing for a member whose account was deleted, held beside other requests (the deletion holds them alone)', async () => {
    const { service, profiles, rows, emitted } = setup();
    profiles.holdPresentMember.mockResolvedValue(false);
    await expect(service.create({ userId, profile: registration() })).rejects.toMatchObject({ status: 404, code: ErrorCodes.accountNotFound, message: Messages.accountNotFound });
    expect(profiles.holdPresentMember).toHaveBeenCalledWith(userId, 'shared');
    expect(rows.size).toBe(0);
    expect(emitted).toEqual([]);
  });

  it('keeps a chosen main photo that is one of the photos, and ignores one that is not', async () => {
    expect((await setup().service.create({ userId, profile: registration({ mainPhoto: photo(2) }) })).mainPhoto).toBe(photo(2));
    expect((await setup().service.create({ userId, profile: registration({ mainPhoto: photo(5) }) })).mainPhoto).toBe(photo(1));
  });

  it("refuses someone else's photo and more than 6 photos", async () => {
    await expect(setup().service.create({ userId, profile: registration({ photos: [photo(1), photo(2, otherId)] }) })).rejects.toMatchObject({ status: 400, message: 'Unknown photo' });
    const seven = [1, 2, 3, 4, 5, 6, 7].map((n) => photo(n));
    await expect(setup(existing()).service.update({ userId, profile: { photos: seven } as UpdateProfileBody })).rejects.toMatchObject({ status: 400, message: Messages.tooManyPhotosTotal });
  });

  it('changes only the fields sent', async () => {
    const { service, rows } = setup(existing({ bio: 'Old bio', age: 30, drinkingHabits: 'socially' }));
    const view = await service.update({ userId, profile: { bio: 'New bio', distancePreference: null } as UpdateProfileBody });
    expect(view).toMatchObject({ bio: 'New bio', age: 30, firstName: 'Amelia', drinkingHabits: 'socially', mainPhoto: photo(2), photos: [photo(1), photo(2), photo(3)] });
    expect(rows.get(userId)!.bio).toBe('New bio');
  });

  it('moves the main photo to the first remaining one when it is removed, and deletes removed photos from storage', async () => {
    const { service, storage } = setup(existing());
    const view = await service.update({ userId, profile: { photos: [photo(3), photo(1)] } as UpdateProfileBody });
    expect(view.photos).toEqual([photo(3), photo(1)]);
    expect(view.mainPhoto).toBe(photo(3));
    expect(storage.delete.mock.calls.map((c: unknown[]) => c[0])).toEqual([`photos/${userId}/6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d02/display.webp`, `photos/${userId}/6b0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d02/thumb.webp`]);
  });

  it('sets a new main photo among the existing ones; an unknown one falls back to the first', async () => {
    expect((await setup(existing()).service.update({ userId, profile: { mainPhoto: photo(3) } as UpdateProfileBody })).mainPhoto).toBe(photo(3));
    expect((await setup(existing()).service.update({ userId, profile: { mainPhoto: photo(4) } as UpdateProfileBody })).mainPhoto).toBe(photo(1));
  });

  it('answers 404 for an update without a profile, and null from get', async () => {
    const { service } = setup();
    await expect(service.update({ userId, profile: { bio: 'x' } as UpdateProfileBody })).rejects.toMatchObject({ status: 404 });
    expect(await service.get({ userId })).toBeNull();
  });

  it('refuses an age preference range upside down', async () => {
    await expect(setup(existing()).service.update({ userId, profile: { agePreferenceMin: 40, agePreferenceMax: 30 } as UpdateProfileBody })).rejects.toMatchObject({ status: 400 });
  });

  describe('employment review', () => {
    const verifiedMember = () => setup(existing({ airline: 'Delta Air Lines', position: 'Pilot', verified: true, verification: 'approved' }), [{ userId, status: 'approved' }]);
    const matchingOf = (e: { payload: Record<string, unknown> }) => e.payload.matching as Record<string, unknown>;
    const publicOf = (e: { payload: Record<string, unknown> }) => e.payload.profile as Record<string, unknown>;

    it('withdraws an approved document when the airline or the position changes: no badge, review back to none', async () => {
      for (const edit of [{ airline: 'United Airlines' }, { position: 'Flight Attendant' }]) {
        const { service, emitted, docs } = verifiedMember();
        expect((await service.update({ userId, profile: edit as UpdateProfileBody })).verified).toBe(false);
        expect(docs).toEqual([{ userId, status: 'superseded' }]);
        expect(matchingOf(emitted[0])).toMatchObject({ verification: 'none' });
        expect(publicOf(emitted[0])).toMatchObject({ verified: false, ...edit });
      }
    });

    it('keeps the badge through other edits, and the same airline and position sent again', async () => {
      const { service, emitted, docs } = verifiedMember();
      expect((await service.update({ userId, profile: { bio: 'New bio', airline: 'Delta Air Lines', position: 'Pilot' } as UpdateProfileBody })).verified).toBe(true);
      expect(docs).toEqual([{ userId, status: 'approved' }]);
      expect(matchingOf(emitted[0])).toMatchObject({ verification: 'approved' });
    });

    it('leaves a document under review alone (the admin reviews it against the profile as it is now)', async () => {
      const { service, emitted } = setup(existing({ airline: 'Delta Air Lines', verification: 'pending' }), [{ userId, status: 'pending' }]);
      await service.update({ userId, profile: { airline: 'United Airlines' } as UpdateProfileBody });
      expect(matchingOf(emitted[0])).toMatchObject({ verification: 'pending' });
    });

    it('starts a profile with the review of a document sent before it', async () => {
      const { service, emitted } = setup(undefined, [{ userId, status: 'rejected' }]);
      await service.create({ userId, profile: registration() });
      expect(matchingOf(emitted[0])).toMatchObject({ verification: 'rejected' });
      const fresh = setup();
      await fresh.service.create({ userId, profile: registration() });
      expect(matchingOf(fresh.emitted[0])).toMatchObject({ verification: 'none' });
      // one sent again after a rejection stands as that rejection until approved
      const again = setup(undefined, [{ userId, status: 'rejected' }, { userId, status: 'pending' }]);
      await again.service.create({ userId, profile: registration() });
      expect(matchingOf(again.emitted[0])).toMatchObject({ verification: 'rejected' });
    });
  });
});
