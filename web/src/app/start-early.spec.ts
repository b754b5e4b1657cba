import { aCurrentUser, memoryStorage, scriptServer, settled, type Answer, type Call } from '../lib/current-user/testing';
import { USER_CACHE_KEY } from '../lib/current-user/current-user-view';
import { candidate } from '../features/discovery/lib/test-candidates';
import { SCREEN_FILES_ID } from './screen-routes';
import { forgetEarlyAnswers } from '../lib/http';
import { startEarly } from './start-early';

// The page's first script on a few addresses: what it asks the server for, which files it
// preloads (from the page's list of each screen's files), which photo it fetches.

const member = aCurrentUser({ photos: ['/p/me1', '/p/me2'], mainPhoto: '/p/me2', profileCompleted: true });
const deck = [candidate({ id: '00000000-0000-4000-8000-000000000031', firstName: 'Ana', photos: ['/p/ana1', '/p/ana2'], mainPhoto: '/p/ana1' })];

/** the page: its <head> (the links appended), and index.html's list of each screen's files */
class FakeDocument {
  links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  head = { appendChild: (link: FakeDocument['links'][number]) => this.links.push(link) };
  constructor(private readonly screenFiles: string | null) {}
  getElementById = (id: string) => (id === SCREEN_FILES_ID && this.screenFiles !== null ? { textContent: this.screenFiles } : null);
  querySelector = (selector: string) => this.links.find((l) => selector.includes(`[href="${l.href}"]`)) ?? null;
  createElement = () => ({ rel: '', href: '', crossOrigin: null });
}

const photos: string[] = [];
class FakeImage extends EventTarget {
  decoding = '';
  fetchPriority = '';
  set src(url: string) {
    photos.push(url);
  }
}

let page: FakeDocument;
/** the deck the server answers (a test of another photo answers another: each photo is fetched once per page) */
let deckAnswer: typeof deck;
let local: ReturnType<typeof memoryStorage>;
let answerMe: (answer: Answer) => void;
let calls: Call[];

beforeEach(() => {
  photos.length = 0;
  deckAnswer = deck;
  local = memoryStorage();
  page = new FakeDocument(JSON.stringify({ discovery: ['/assets/discovery-1.js', '/assets/gesture-2.js'], myProfile: ['/assets/my-profile-3.js'], account: ['/assets/account-4.js', '/assets/forms-5.js'] }));
  Object.assign(globalThis, { document: page, Image: FakeImage });
  calls = scriptServer((call): Answer | Promise<Answer> => {
    if (call.path === '/api/users/me') return new Promise<Answer>((resolve) => (answerMe = resolve));
    if (call.path === '/api/users/filter-preferences/load') return { status: 200, body: null };
    if (call.path === '/api/discovery') return { status: 200, body: deckAnswer };
    if (call.path === '/api/matches') return { status: 200, body: [] };
    return { status: 404, body: { message: 'not here' } };
  });
});
afterEach(() => {
  answerMe({ status: 401, body: { message: 'no' } });
  // the calls a test sent early and left untaken are not the next test's
  forgetEarlyAnswers();
  local.restore();
  ['document', 'Image'].forEach((key) => Reflect.deleteProperty(globalThis, key));
});

const asked = () => calls.map((c) => `${c.method} ${c.path}`).sort();

describe('startEarly', () => {
  const remember = (user = member) => local.storage.set(USER_CACHE_KEY, JSON.stringify(user));

  it('on /swipe: the session check, the first deck (saved filters, deck for everyone), the screen’s files, then the top card’s photo', async () => {
    remember();
    startEarly('/swipe');
    expect(page.links.map((l) => `${l.rel} ${l.href}`)).toEqual(['modulepreload /assets/discovery-1.js', 'modulepreload /assets/gesture-2.js']);
    await settled();
    expect(asked()).toEqual(['GET /api/discovery', 'GET /api/users/me', 'POST /api/users/filter-preferences/load']);
    expect(photos).toEqual(['/p/ana1']);
  });

  it('on /swipe with a member this browser remembers without a complete profile: no deck (the screen shows them Create Profile)', async () => {
    local.storage.set(USER_CACHE_KEY, JSON.stringify(aCurrentUser({ profileCompleted: false })));
    startEarly('/swipe');
    await settled();
    expect(asked()).toEqual(['GET /api/users/me']);
    expect(page.links.map((l) => l.href)).toEqual(['/assets/discovery-1.js', '/assets/gesture-2.js']);
    // a member with a complete profile gets the deck
    local.storage.set(USER_CACHE_KEY, JSON.stringify(aCurrentUser({ profileCompleted: true })));
    forgetEarlyAnswers(); // another page
    startEarly('/swipe');
    await settled();
    expect(asked()).toEqual(['GET /api/discovery', 'GET /api/users/me', 'GET /api/users/me', 'POST /api/users/filter-preferences/load']);
  });

  it('on /profile: the session check, the match list and the member’s main photo', async () => {
    remember();
    startEarly('/profile');
    await settled();
    expect(asked()).toEqual(['GET /api/matches', 'GET /api/users/me']);
    expect(page.links.map((l) => l.href)).toEqual(['/assets/my-profile-3.js']);
    expect(photos).toEqual(['/p/me2']);
  });

  it('on /profile for an airline member not verified yet: their verification status too (its card shows with the page, above the stats)', async () => {
    remember(aCurrentUser({ ...member, userType: 'airline', verified: false }));
    startEarly('/profile');
    await settled();
    expect(asked()).toEqual(['GET /api/matches', 'GET /api/users/me', 'GET /api/verification/status']);
    // a verified one has no card
    calls.length = 0;
    remember(aCurrentUser({ ...member, userType: 'airline', verified: true }));
    forgetEarlyAnswers(); // another page
    startEarly('/profile');
    await settled();
    expect(asked()).toEqual(['GET /api/matches', 'GET /api/users/me']);
  });

  it.each(['/swipe', '/profile'])('on %s for a visitor (nobody this browser remembers, the session check refused): the session check only, no call that would be refused', async (path) => {
    startEarly(path);
    await settled();
    expect(asked()).toEqual(['GET /api/users/me']);
    answerMe({ status: 401, body: { message: 'Not signed in' } });
    await settled();
    expect(asked()).toEqual(['GET /api/users/me']);
    expect(photos).toEqual([]);
  });

  it('on /swipe for a member this browser does not remember (its storage was cleared, not the session): the first deck once the session check shows them, then the top card’s photo', async () => {
    deckAnswer = [candidate({ ...deck[0], photos: ['/p/ana3'], mainPhoto: '/p/ana3' })];
    startEarly('/swipe');
    await settled();
    expect(asked()).toEqual(['GET /api/users/me']);
    answerMe({ status: 200, body: member });
    await settled();
    expect(asked()).toEqual(['GET /api/discovery', 'GET /api/users/me', 'POST /api/users/filter-preferences/load']);
    expect(photos).toEqual(['/p/ana3']);
  });

  it('on /swipe for a member this browser does not remember, without a complete profile: no deck', async () => {
    startEarly('/swipe');
    answerMe({ status: 200, body: aCurrentUser({ profileCompleted: false }) });
    await settled();
    expect(asked()).toEqual(['GET /api/users/me']);
  });

  it('on /profile for a member this browser does not remember: the match list and their photo once the session check shows them', async () => {
    startEarly('/profile');
    answerMe({ status: 200, body: aCurrentUser({ ...member, photos: ['/p/me3'], mainPhoto: '/p/me3' }) });
    await settled();
    expect(asked()).toEqual(['GET /api/matches', 'GET /api/users/me']);
    expect(photos).toEqual(['/p/me3']);
  });

  it('on /profile with a member this browser remembers: their photo at once', () => {
    remember(aCurrentUser({ photos: ['/p/kept1'], mainPhoto: null }));
    startEarly('/profile');
    expect(photos).toEqual(['/p/kept1']);
  });

  it('on /auth: the session check and the login screen’s files', async () => {
    startEarly('/auth');
    await settled();
    expect(asked()).toEqual(['GET /api/users/me']);
    expect(page.links.map((l) => l.href)).toEqual(['/assets/account-4.js', '/assets/forms-5.js']);
  });

  it('on /: the login screen’s files for a visitor, the swipe screen’s for the member this browser remembers', () => {
    startEarly('/');
    expect(page.links.map((l) => l.href)).toEqual(['/assets/account-4.js', '/assets/forms-5.js']);
    local.storage.set(USER_CACHE_KEY, JSON.stringify(aCurrentUser({ profileCompleted: true })));
    page.links = [];
    startEarly('/');
    expect(page.links.map((l) => l.href)).toEqual(['/assets/discovery-1.js', '/assets/gesture-2.js']);
  });

  it('preloads nothing where the page lists no files (the development server), and a file once', () => {
    Object.assign(globalThis, { document: (page = new FakeDocument(null)) });
    startEarly('/swipe');
    expect(page.links).toEqual([]);
    Object.assign(globalThis, { document: (page = new FakeDocument(JSON.stringify({ discovery: ['/assets/discovery-1.js'] }))) });
    startEarly('/swipe');
    startEarly('/swipe');
    expect(page.links).toHaveLength(1);
  });
});
