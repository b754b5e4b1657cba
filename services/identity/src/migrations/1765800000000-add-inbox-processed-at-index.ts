import { inboxProcessedAtMigration } from '@aero/event-bus';

/** the inbox's processed_at index, by which the outbox relay prunes handled events the bus no longer keeps */
export const AddInboxProcessedAtIndex1765800000000 = inboxProcessedAtMigration('identity');
