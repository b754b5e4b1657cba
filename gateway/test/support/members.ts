import { photoUrl } from '@aero/contracts';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { randomUUID } from 'node:crypto';

/** a signed-in member (`email` with `createMember`; its password is 'secret-pass') */
export type Member = { api: ApiClient; id: string; email?: string };

/** the profile every test member starts from: a Dallas-based airline pilot interested in the other gender */
export const memberProfile = (id: string, firstName: string, gender: 'male' | 'female') => ({
  firstName,
  age: 30,
  bio: 'Flying high',
  location: 'Dallas, Texas',
  latitude: '32.7767',
  longitude: '-96.7970',
  gender,
  interestedIn: gender === 'male' ? ('woman' as const) : ('man' as const),
  userType: 'airline' as const,
  airline: 'Delta Air Lines',
  position: 'Pilot',
  photos: [photoUrl(id, randomUUID())],
});

/** a signed-up, verified account, signed in: no account type, no profile yet (its password is 'secret-pass') */
export async function signedUpAccount(base: string, prefix = 'member'): Promise<Member & { email: string }> {
  const api = new ApiClient(base);
  const email = testEmail(prefix);
  const signup = await api.post('/api/auth/signup', { email, password: 'secret-pass' });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status}`);
  const verified = await api.post('/api/auth/verify', { email, code: await verificationCode(base, email) });
  return { api, id: verified.body.user.id as string, email };
}

/** a signed-up, verified airline member in Dallas with a complete profile, interested in the other gender */
export async function createMember(base: string, firstName: string, gender: 'male' | 'female', profile: Record<string, unknown> = {}): Promise<Member> {
  const { api, id, email } = await signedUpAccount(base);
  const created = await api.post('/api/users', { ...memberProfile(id, firstName, gender), ...profile });
  if (created.status !== 201) throw new Error(`profile: ${created.status} ${JSON.stringify(created.body)}`);
  return { api, id, email };
}

/** the account `email` (ADMIN_EMAILS makes it an admin), signed up and signed in */
export async function signedInAdmin(base: string, email: string): Promise<ApiClient> {
  const api = new ApiClient(base);
  await api.post('/api/auth/signup', { email, password: 'secret-pass' });
  await api.post('/api/auth/verify', { email, code: await verificationCode(base, email) });
  return api;
}

/** waits until discovery shows `who` in `m`'s deck (the events have arrived) */
export const inDeck = (m: Member, who: Member) => eventually(async () => ((await m.api.get('/api/discovery')).body as { id: string }[]).some((c) => c.id === who.id), 10_000, 'the card');

/** a woman `a` and a man `b`, each in the other's deck (about to match) */
export async function pairInDecks(base: string, a = 'Ana', b = 'Ben'): Promise<{ ana: Member; ben: Member }> {
  const ana = await createMember(base, a, 'female');
  const ben = await createMember(base, b, 'male');
  await inDeck(ana, ben);
  await inDeck(ben, ana);
  return { ana, ben };
}

/** two members who liked each other, with their conversation open */
export async function matchedPair(base: string, a = 'Ana', b = 'Ben'): Promise<{ ana: Member; ben: Member; matchId: string }> {
  const { ana, ben } = await pairInDecks(base, a, b);
  await ana.api.patch('/api/likes', { toUserId: ben.id });
  const liked = await ben.api.patch('/api/likes', { toUserId: ana.id });
  const matchId = liked.body.match.id as string;
  await eventually(async () => (await ana.api.get(`/api/matches/${matchId}/messages`)).status === 200, 10_000, 'the chat room');
  return { ana, ben, matchId };
}
