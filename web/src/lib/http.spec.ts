import { serverErrorText } from '../i18n/server-errors';
import { buildUrl, errorFromResponse, serializeBody } from './http';

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
    expect(serverErrorText(errorFromResponse(409, 'Conflict', '{"code":"email_taken","message":"An account with this email already exists"}'))).toEqual({ id: 'messages.emailTaken' });
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
