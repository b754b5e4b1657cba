import { ErrorCodes } from './error-codes.js';
import { badRequest, conflict, DomainError, isRpcErrorBody } from './errors.js';

describe('DomainError', () => {
  it('travels as a plain {status, code, message} body', () => {
    const body = conflict('Your profile already exists', ErrorCodes.profileExists).toBody();
    expect(body).toEqual({ status: 409, code: 'profile_exists', message: 'Your profile already exists' });
    expect(isRpcErrorBody(body)).toBe(true);
    expect(isRpcErrorBody({ message: 'x' })).toBe(false);
  });

  it('takes only the codes of ErrorCodes, so a misspelt or unknown code does not compile', () => {
    // @ts-expect-error 'boost_activ' is not an ErrorCode
    expect(badRequest('x', 'boost_activ').code).toBe('boost_activ');
    // @ts-expect-error an unknown code
    expect(new DomainError(400, 'no_such_code', 'x').code).toBe('no_such_code');
  });
});

describe('ErrorCodes', () => {
  it('names each code once, by the camelCase of its snake_case wire value', () => {
    const values = Object.values(ErrorCodes);
    expect(new Set(values).size).toBe(values.length);
    for (const [name, code] of Object.entries(ErrorCodes)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(name).toBe(code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
    }
  });
});
