import { type DomainEvent, UnitOfWork } from '@aero/common';
import { Events, OtherNotifications, type UserType } from '@aero/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WelcomeUserWhenAccountTypeSetHandler } from '../src/events/welcome-user-when-account-type-set.handler.js';
import { AddWelcomedMembers1765910000000 } from '../src/migrations/1765910000000-add-welcomed-members.js';
import { MemberDirectoryRepository } from '../src/notifications/member-directory.repository.js';
import { notificationsServiceForTests } from './support/notifications-service.js';

type TypeSet = DomainEvent<typeof Events.identity.accountTypeSet>;
const typeSet = (accountId: string, userType: UserType, revision: number, demo = false): TypeSet => ({
  id: randomUUID(),
  subject: Events.identity.accountTypeSet,
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
  requestId: `req-${randomUUID().slice(0, 8)}`,
  payload: { accountId, userType, revision, demo, subscriptionStatus: 'inactive', registeredAt: new Date().toISOString(), restriction: null },
});

/**
 * The welcome (notifications' handler of identity's type-set events, on real PostgreSQL): one an
 * account, whichever types it is set to, in whatever order and however often the events arrive;
 * its text follows the newest type. Members welcomed before the upgrade are not welcomed again.
 */
describe('the welcome of a new member', () => {
  const app = notificationsServiceForTests('welcome');

  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => app().get(DataSource).query(sql, params);
  const handle = (event: TypeSet) => app().get(UnitOfWork).run(() => app().get(WelcomeUserWhenAccountTypeSetHandler).handle(event));
  const rows = (userId: string) => query<{ id: string; title: string; message: string; read: boolean }>(`SELECT id, title, message, read FROM notifications.notifications WHERE user_id = $1`, [userId]);
  const outbox = (subject: string, userId: string) =>
    query<{ payload: unknown }>(`SELECT payload FROM notifications.outbox WHERE subject = $1 AND (payload->>'userId' = $2 OR payload->'userIds' ? $2) ORDER BY seq`, [subject, userId]);
  const text = ({ title, message }: { title: string; message: string }) => ({ title, message });

  it('welcomes once: a later type rewrites the welcome quietly, an older or repeated event changes nothing', async () => {
    const member = randomUUID();
    await handle(typeSet(member, 'airline', 2));
    const [welcome] = await rows(member);
    expect(welcome).toMatchObject({ ...text(OtherNotifications.welcomeAirline), read: false });
    await query(`UPDATE notifications.notifications SET read = true WHERE id = $1`, [welcome!.id]);

    // back to /welcome, the other choice
    const general = typeSet(member, 'general', 4);
    await handle(general);
    // an older event heard late, and the newest one again
    await handle(typeSet(member, 'airline', 3));
    await handle({ ...general, id: randomUUID() });

    expect(await rows(member)).toEqual([{ id: welcome!.id, ...text(OtherNotifications.welcomeGeneral), read: true }]);
    // pushed once, when it was stored; the rewrite only says the list changed
    expect(await outbox(Events.notifications.notificationCreated, member)).toHaveLength(1);
    expect(await outbox(Events.notifications.notificationsRemoved, member)).toEqual([{ payload: { userIds: [member] } }]);
  });

  it('welcomes no demo member, nor one who left; a deleted account takes its welcome with it', async () => {
    const [demo, departed, deleted] = [randomUUID(), randomUUID(), randomUUID()];
    await handle(typeSet(demo, 'general', 1, true));
    await app().get(UnitOfWork).run(() => app().get(MemberDirectoryRepository).depart(departed));
    await handle(typeSet(departed, 'airline', 1));
    expect([...(await rows(demo)), ...(await rows(departed))]).toEqual([]);
    expect(await query(`SELECT user_id FROM notifications.welcomed_members WHERE user_id = ANY($1::uuid[])`, [[demo, departed]])).toEqual([]);

    await handle(typeSet(deleted, 'airline', 1));
    await app().get(UnitOfWork).run(() => app().get(MemberDirectoryRepository).forget(deleted));
    expect(await query(`SELECT user_id FROM notifications.welcomed_members WHERE user_id = $1`, [deleted])).toEqual([]);
  });

  it('counts the members welcomed before the upgrade as welcomed, by their latest welcome', async () => {
    const [twice, once, never] = [randomUUID(), randomUUID(), randomUUID()];
    const migration = new AddWelcomedMembers1765910000000();
    const runner = app().get(DataSource).createQueryRunner();
    let latest: string;
    try {
      await migration.down(runner);
      // as the service stored welcomes before (a second one at each change of type), and another notification
      const stored = async (userId: string, notice: { title: string; message: string }, type = 'other') => {
        const id = randomUUID();
        await query(`INSERT INTO notifications.notifications (id, user_id, type, title, message) VALUES ($1, $2, $3, $4, $5)`, [id, userId, type, notice.title, notice.message]);
        return id;
      };
      await stored(twice, OtherNotifications.welcomeAirline);
      latest = await stored(twice, OtherNotifications.welcomeGeneral);
      const only = await stored(once, OtherNotifications.welcomeAirline);
      await stored(never, { title: 'Ana liked you', message: 'Swipe right on Ana to match.' }, 'like');
      await migration.up(runner);
      expect(await query(`SELECT user_id, notification_id, revision FROM notifications.welcomed_members WHERE user_id = ANY($1::uuid[]) ORDER BY notification_id`, [[twice, once, never]])).toEqual(
        [
          { user_id: twice, notification_id: latest, revision: 0 },
          { user_id: once, notification_id: only, revision: 0 },
        ].sort((a, b) => a.notification_id.localeCompare(b.notification_id)),
      );
    } finally {
      await runner.release();
    }

    // the type changes once more before the profile is complete: no third welcome
    await handle(typeSet(twice, 'airline', 7));
    expect((await rows(twice)).filter((r) => r.id === latest)).toEqual([{ id: latest, ...text(OtherNotifications.welcomeAirline), read: false }]);
    expect(await rows(twice)).toHaveLength(2);
    await handle(typeSet(never, 'general', 1));
    expect((await rows(never)).map((r) => r.title).sort()).toEqual(['Ana liked you', OtherNotifications.welcomeGeneral.title].sort());
  });
});
