import { outboxRequestIdMigration } from '@aero/event-bus';

/** The outbox keeps the request id of the user action that emitted each event. */
export const AddOutboxRequestId1765000000000 = outboxRequestIdMigration('messaging');
