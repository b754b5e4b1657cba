import { SUPPORT_CATEGORIES } from '@aero/contracts/shared';
import { render } from '../../../i18n/testing';
import { firstIssues } from '../../../lib/forms';
import { emptySupportForm, supportSchema } from './support-schema';

const errors = (input: unknown, locale: Parameters<typeof render>[1] = 'en') =>
  Object.fromEntries(Object.entries(firstIssues(supportSchema, input)).map(([field, id]) => [field, render(id!, locale)]));

describe('support form schema', () => {
  it('requires email, subject and message', () => {
    expect(errors(emptySupportForm())).toEqual({ email: 'Email is required', subject: 'Subject is required', message: 'Message is required' });
    expect(errors({ ...emptySupportForm('fo@example.com'), subject: '  ', message: 'Help' })).toEqual({ subject: 'Subject is required' });
  });

  it("checks the email with the spec's text", () => {
    expect(errors({ ...emptySupportForm('not-an-email'), subject: 'Hi', message: 'Help' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errors({ ...emptySupportForm('not-an-email'), subject: 'Hi', message: 'Help' }, 'fr')).toEqual({ email: 'Veuillez saisir une adresse e-mail valide' });
  });

  it('takes every category of the spec and nothing else', () => {
    expect(SUPPORT_CATEGORIES).toEqual(['account', 'verification', 'matching', 'messaging', 'safety', 'bug', 'feature', 'other']);
    for (const category of SUPPORT_CATEGORIES) expect(errors({ category, email: 'fo@example.com', subject: 'Hi', message: 'Help' })).toEqual({});
    expect(Object.keys(errors({ category: 'billing', email: 'fo@example.com', subject: 'Hi', message: 'Help' }))).toEqual(['category']);
  });
});
