import { serverErrorText } from '../i18n/server-errors';
import { jest } from '@jest/globals';
import { scriptServer } from './current-user/testing';
import { buildUrl, EARLY_FRESH_MS, errorFromResponse, forgetEarlyAnswers, httpRequest, sendEarly, serializeBody, setCallLanguage } from './http';

describe('http error rules (spec §8)', () => {
  it("builds '{status}: {body text}' and keeps the server message", () => {
    const err = errorFromResponse(401, 'Unauthorized', '{"statusCode":401,"code":"INVALID_CREDENTIALS","message":"Invalid email or password"}');
    expect(err.message).toBe('401: {"statusCode":401,"code":"INVALID_CREDENTIALS","message":"Invalid email or password"}');
    expect(err.serverMessage).toBe('Invalid email or password');
    expect(err.code).toBe('INVALID_CREDENTIALS');
  });

  it('falls back to the status text when the body is empty', () => {
    const err = errorFromResponse(502, 'Bad Gateway', '');
    expect(err.message).toBe('502: Bad Gateway');
    expect(err.serverMessage).toBeUndefined();
  });

  it("keeps the server's message and code for the toast (the caller's fallback when there is none)", () => {
    expect(serverErrorText(errorFromResponse(500, 'Internal Server Error', 'oops'))).toBeNull();
    expect(serverErrorText(errorFromResponse(400, 'Bad Request', '{"message":"Email already registered"}'))).toBe('Email already registered');
    expect(serverErrorText(errorFromResponse(400, 'Bad Request', '{"code":"code_expired","message":"Verification code has expired. Please request a new one."}'))).toEqual({ id: 'messages.codeExpired' });
    expect(serverErrorText(new Error('boom'))).toBeNull();
  });

  it('always sends a JSON body on state-changing calls, none on GET', () => {
    expect(serializeBody('POST', undefined)).toBe('{}');
    expect(serializeBody('PATCH', { userType: 'airline' })).toBe('{"userType":"airline"}');
    expect(serializeBody('GET', { a: 1 })).toBeUndefined();
    const form = new FormData();
    form.append('photos', new Blob(['x'], { type: 'image/png' }), 'a.png');
    expect(serializeBody('POST', form)).toBe(form); // multipart goes as it is
  });

  it('reports unserialisable bodies', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => serializeBody('POST', loop)).toThrow(expect.objectContaining({ message: expect.stringMatching(/^Failed to serialize request data: /) }));
  });

  it('joins query parameters and drops empty ones', () => {
    expect(buildUrl('/api', '/discovery/filtered', { minAge: 18, gender: undefined, airlines: 'Delta Air Lines' })).toBe('/api/discovery/filtered?minAge=18&airlines=Delta+Air+Lines');
  });
});

describe('early calls (sent before the code that makes them has loaded)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
    // an answer a test left untaken is not the next test's
    forgetEarlyAnswers();
  });

  it('the same call made later takes the early answer: one request, and the sender sees the body too', async () => {
    const calls = scriptServer(() => ({ status: 200, body: { gender: 'everyone' } }));
    const early = sendEarly('/api', { url: '/users/filter-preferences/load', method: 'POST' });
    await expect(httpRequest('/api', { url: '/users/filter-preferences/load', method: 'POST' })).resolves.toEqual({ gender: 'everyone' });
    await expect(early).resolves.toEqual({ gender: 'everyone' });
    expect(calls).toHaveLength(1);
    // once: the next call asks again
    await httpRequest('/api', { url: '/users/filter-preferences/load', method: 'POST' });
    expect(calls).toHaveLength(2);
  });

  it('is taken only by the very same call (method, URL with its query, body)', async () => {
    const calls = scriptServer(() => ({ status: 200, body: [] }));
    void sendEarly('/api', { url: '/discovery' });
    await httpRequest('/api', { url: '/discovery/filtered', params: { minAge: 30 } });
    await httpRequest('/api', { url: '/discovery', method: 'POST' });
    await httpRequest('/api', { url: '/discovery', params: { page: 2 } });
    expect(calls).toHaveLength(4);
    await httpRequest('/api', { url: '/discovery' });
    expect(calls).toHaveLength(4);
    void sendEarly('/api', { url: '/users/filter-preferences/load', method: 'POST' });
    await httpRequest('/api', { url: '/users/filter-preferences/load', method: 'POST', body: { other: true } });
    expect(calls).toHaveLength(6);
  });

  it('sent early again before it was taken: asked once, and both senders and the call that takes it get that answer', async () => {
    const calls = scriptServer(() => ({ status: 200, body: { n: calls.length } }));
    const first = sendEarly('/api', { url: '/discovery' });
    const second = sendEarly('/api', { url: '/discovery' });
    await expect(Promise.all([first, second])).resolves.toEqual([{ n: 1 }, { n: 1 }]);
    await expect(httpRequest('/api', { url: '/discovery' })).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // once taken, sending it early again asks again
    await expect(sendEarly('/api', { url: '/discovery' })).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it(`is not taken after ${EARLY_FRESH_MS} ms (the call asks afresh)`, async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'setTimeout'] });
    const calls = scriptServer(() => ({ status: 200, body: { n: calls.length } }));
    void sendEarly('/api', { url: '/users/me' });
    jest.setSystemTime(Date.now() + EARLY_FRESH_MS + 1);
    await expect(httpRequest('/api', { url: '/users/me' })).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('a refused early call is an ApiError for the sender and for the call that takes it', async () => {
    scriptServer(() => ({ status: 401, body: { message: 'Not signed in' } }));
    const early = sendEarly('/api', { url: '/discovery' });
    await expect(early).rejects.toMatchObject({ status: 401, serverMessage: 'Not signed in' });
    await expect(httpRequest('/api', { url: '/discovery' })).rejects.toMatchObject({ status: 401, message: '401: {"message":"Not signed in"}' });
  });

  it('is not taken once the session changed (forgotten at a sign-in or sign-out): a visitor’s 401 is not a member’s', async () => {
    let signedIn = false;
    const calls = scriptServer(() => (signedIn ? { status: 200, body: [] } : { status: 401, body: { message: 'Not signed in' } }));
    void sendEarly('/api', { url: '/matches' }).catch(() => undefined);
    forgetEarlyAnswers();
    signedIn = true;
    await expect(httpRequest('/api', { url: '/matches' })).resolves.toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('a network failure likewise (status 0)', async () => {
    scriptServer(() => 'network');
    const early = sendEarly('/api', { url: '/discovery' });
    await expect(early).rejects.toMatchObject({ status: 0 });
    await expect(httpRequest('/api', { url: '/discovery' })).rejects.toMatchObject({ status: 0 });
  });
});

describe('the language of the calls', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    setCallLanguage(null);
  });

  /** the Accept-Language header of each call made */
  function languagesSent(): (string | undefined)[] {
    const sent: (string | undefined)[] = [];
    globalThis.fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('accept-language') ?? undefined);
      return new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    return sent;
  }

  it("says the app's active language (not the browser's), so mails the call sends are written in it", async () => {
    const sent = languagesSent();
    await httpRequest('/api', { url: '/users/me' });
    setCallLanguage('de');
    await httpRequest('/api', { url: '/auth/signup', method: 'POST', body: { email: 'a@example.com', password: 'secret1' } });
    setCallLanguage('fr');
    await httpRequest('/api', { url: '/auth/forgot-password', method: 'POST', body: { email: 'a@example.com' } });
    await httpRequest('/api', { url: '/users/me' });
    // none before a language is active: the browser's own header goes
    expect(sent).toEqual([undefined, 'de', 'fr', 'fr']);
  });
});
