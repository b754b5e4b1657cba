import * as v from 'valibot';
import { SUPPORT_CATEGORIES } from '@aero/contracts/shared';
import { emailField, msg, requiredText } from '../../../lib/forms';

/** The support form (spec §3): a category of the list, and email, subject and message required. */
export const supportSchema = v.object({
  category: v.picklist(SUPPORT_CATEGORIES, msg('help.form.categoryRequired')),
  email: emailField('messages.invalidEmail', 'help.form.emailRequired'),
  subject: requiredText('help.form.subjectRequired'),
  message: requiredText('help.form.messageRequired'),
});

export type SupportValues = v.InferInput<typeof supportSchema>;

export const emptySupportForm = (email = ''): SupportValues => ({ category: SUPPORT_CATEGORIES[0], email, subject: '', message: '' });

/** The FAQ topics of spec §2, in order. */
export const FAQ_TOPICS = ['gettingStarted', 'verification', 'matching', 'safety', 'account', 'messaging'] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];
