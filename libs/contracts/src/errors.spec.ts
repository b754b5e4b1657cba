import { conflict, isRpcErrorBody } from './errors.js';

describe('DomainError', () => {
  it('travels as a plain {status, code, message} body', () => {
    const body = conflict('An account with this email already exists', 'email_taken').toBody();
    expect(body).toEqual({ status: 409, code: 'email_taken', message: 'An account with this email already exists' });
    expect(isRpcErrorBody(body)).toBe(true);
    expect(isRpcErrorBody({ message: 'x' })).toBe(false);
  });
});
