import { buildUrl, errorFromResponse, serializeBody, toastMessage } from './http';

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

  it('uses the fallback text for toasts when the server gave no message', () => {
    expect(toastMessage(errorFromResponse(500, 'Internal Server Error', 'oops'), 'Please try again')).toBe('Please try again');
    expect(toastMessage(errorFromResponse(400, 'Bad Request', '{"message":"Email already registered"}'), 'x')).toBe('Email already registered');
    expect(toastMessage(new Error('boom'), 'Please try again')).toBe('Please try again');
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
