import { jest } from '@jest/globals';
import { Events } from '@aero/contracts';
import type { Clock, DomainEvents, UnitOfWork } from '@aero/common';
import { newProfile } from '../profiles/profile.mapper.js';
import type { Profile } from '../profiles/profile.js';
import type { ProfileRepository } from '../profiles/profile.repository.js';
import type { VerificationDocument } from './verification-document.js';
import type { VerificationDocumentRepository } from './verification-document.repository.js';
import { VerificationMessages, VerificationService } from './verification.service.js';

const userId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
const docId = (n: number) => `7c0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d${String(n).padStart(2, '0')}`;
const submission = (n: number) => ({ userId, documentId: docId(n), objectKey: `documents/${userId}/${docId(n)}.pdf`, fileName: 'paystub.pdf', contentType: 'application/pdf' });

function setup() {
  const docs: VerificationDocument[] = [];
  const profile: Profile = { ...newProfile(userId, new Date()), firstName: 'Amelia' };
  let clock = 0;
  const newest = (id: string) => docs.filter((d) => d.userId === id).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const documents = {
    lockUser: jest.fn(async () => undefined),
    latestForUser: jest.fn(async (id: string) => newest(id)[0] ?? null),
    latestTwoForUser: jest.fn(async (id: string) => [newest(id)[0] ?? null, newest(id)[1] ?? null]),
    insert: jest.fn(async (d: Partial<VerificationDocument>) => void docs.push({ ...d, createdAt: new Date(++clock), reviewedAt: null } as VerificationDocument)),
    findById: jest.fn(async (id: string) => docs.find((d) => d.id === id) ?? null),
    findByIdForUpdate: jest.fn(async (id: string) => docs.find((d) => d.id === id) ?? null),
    save: jest.fn(async (d: VerificationDocument) => d),
  };
  const profiles = {
    findByUserIdForUpdate: jest.fn(async (id: string) => (id === userId ? profile : null)),
    save: jest.fn(async (p: Profile) => p),
  };
  const emitted: Array<{ subject: string; payload: object }> = [];
  const uow = { run: (work: () => Promise<unknown>) => work() };
  const events = { emit: async (subject: string, payload: object) => void emitted.push({ subject, payload }) };
  const service = new VerificationService(documents as unknown as VerificationDocumentRepository, profiles as unknown as ProfileRepository, uow as unknown as UnitOfWork, events as unknown as DomainEvents, { now: () => new Date() } satisfies Clock);
  return { service, profile, emitted, docs };
}

describe('VerificationService', () => {
  it('goes none → pending, refuses a second submit while under review', async () => {
    const { service, profile, emitted } = setup();
    expect(await service.status({ userId })).toEqual({ status: 'none', standing: 'none' });
    expect(await service.submit(submission(1))).toEqual({ status: 'pending' });
    expect(await service.status({ userId })).toEqual({ status: 'pending', standing: 'pending' });
    // the profile shows it too, and discovery hears of it with the profile (a new revision)
    expect(profile).toMatchObject({ verification: 'pending', verified: false, revision: 1 });
    expect(emitted.map((e) => e.subject)).toEqual([Events.profiles.profileUpdated]);
    expect(emitted[0].payload).toMatchObject({ userId, revision: 1, matching: { verification: 'pending' } });
    await expect(service.submit(submission(2))).rejects.toMatchObject({ status: 409, message: VerificationMessages.underReview });
  });

  it('approves: verified badge, approved event, profile update; then no more submissions or reviews', async () => {
    const { service, profile, emitted } = setup();
    await service.submit(submission(1));
    const reviewerId = '00000000-0000-4000-8000-0000000000ad';
    expect(await service.review({ documentId: docId(1), decision: 'approved', reviewerId, reason: 'Valid badge' })).toEqual({ status: 'approved' });
    expect(profile.verified).toBe(true);
    expect(emitted.map((e) => e.subject)).toEqual([Events.profiles.profileUpdated, Events.profiles.verificationApproved, Events.profiles.profileUpdated]);
    // the file to delete, the admin and the note (the audit log) travel with the decision
    expect(emitted[1].payload).toEqual({ userId, documentId: docId(1), objectKey: submission(1).objectKey, reviewerId, reason: 'Valid badge' });
    expect(emitted[2].payload).toMatchObject({ revision: 2, profile: { verified: true }, matching: { verification: 'approved' } });
    expect(await service.status({ userId })).toEqual({ status: 'approved', standing: 'approved' });
    await expect(service.submit(submission(2))).rejects.toMatchObject({ status: 409, message: VerificationMessages.alreadyVerified });
    await expect(service.review({ documentId: docId(1), decision: 'rejected' })).rejects.toMatchObject({ status: 409 });
  });

  it('rejects: rejected event, no badge, and a new document may be submitted', async () => {
    const { service, profile, emitted } = setup();
    await service.submit(submission(1));
    expect(await service.review({ documentId: docId(1), decision: 'rejected' })).toEqual({ status: 'rejected' });
    expect(profile.verified).toBe(false);
    expect(emitted.map((e) => e.subject)).toEqual([Events.profiles.profileUpdated, Events.profiles.verificationRejected, Events.profiles.profileUpdated]);
    expect(emitted[2].payload).toMatchObject({ revision: 2, profile: { verified: false }, matching: { verification: 'rejected' } });
    expect(await service.status({ userId })).toEqual({ status: 'rejected', standing: 'rejected' });
    expect(await service.submit(submission(2))).toEqual({ status: 'pending' });
    // under review again, but it counts as the rejection for who pays until it is approved
    expect(await service.status({ userId })).toEqual({ status: 'pending', standing: 'rejected' });
    expect(profile).toMatchObject({ verification: 'rejected', verified: false, revision: 2 });
    expect(emitted).toHaveLength(3);
    await service.review({ documentId: docId(2), decision: 'approved' });
    expect(await service.status({ userId })).toEqual({ status: 'approved', standing: 'approved' });
    expect(profile).toMatchObject({ verification: 'approved', verified: true });
  });

  it('counts a superseded document as none: a new one may be submitted', async () => {
    const { service, docs } = setup();
    await service.submit(submission(1));
    await service.review({ documentId: docId(1), decision: 'approved' });
    docs[0].status = 'superseded';
    expect(await service.status({ userId })).toEqual({ status: 'none', standing: 'none' });
    expect(await service.submit(submission(2))).toEqual({ status: 'pending' });
    // the member was approved before: a new document under review counts as one
    expect(await service.status({ userId })).toEqual({ status: 'pending', standing: 'pending' });
  });

  it('answers 404 for an unknown document', async () => {
    const { service } = setup();
    await expect(service.getDocument({ documentId: docId(9) })).rejects.toMatchObject({ status: 404 });
    await expect(service.review({ documentId: docId(9), decision: 'approved' })).rejects.toMatchObject({ status: 404 });
  });
});
