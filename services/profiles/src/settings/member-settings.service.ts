import { defaultMemberSettings, ErrorCodes, Events, Messages, notFound, type MemberSettings, type SettingsChangedEvent, type SnapshotPageRequest, type UpdateSettingsRequest, type UserIdRequest } from '@aero/contracts';
import { DomainEvents, UnitOfWork } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { ProfileRepository } from '../profiles/profile.repository.js';
import { MemberSettingsRepository } from './member-settings.repository.js';

/**
 * A partial update over what is stored (or spec §3's defaults): only the keys sent change. A null is
 * no value (the request refuses it; one stored before it did gives way to the default).
 */
export function mergeSettings(current: MemberSettings, update: UpdateSettingsRequest['settings']): MemberSettings {
  const defined = <T extends object>(o: T | undefined | null) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
  return {
    notifications: { ...current.notifications, ...defined(update.notifications) },
    privacy: { ...current.privacy, ...defined(update.privacy) },
  };
}

/** stored settings with the defaults of keys added since they were saved (e.g. `privacy.hideFromOwnAirline`) */
export const withDefaults = (stored: MemberSettings | null | undefined): MemberSettings => (stored ? mergeSettings(defaultMemberSettings(), stored) : defaultMemberSettings());

/** The settings the server enforces; every change is published so the services that apply them hear of it. */
@Injectable()
export class MemberSettingsService {
  constructor(
    private readonly settings: MemberSettingsRepository,
    private readonly profiles: ProfileRepository,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
  ) {}

  /** the stored settings of every member (or of `userId`), a page at a time, as the events carry them (projections rebuild or catch up from it) */
  async snapshot({ after, limit, userId }: SnapshotPageRequest): Promise<SettingsChangedEvent[]> {
    return (await this.settings.page(after, limit, userId)).map((s) => ({ ...s, settings: withDefaults(s.settings) }));
  }

  async get({ userId }: UserIdRequest): Promise<MemberSettings> {
    return withDefaults(await this.settings.find(userId));
  }

  async update({ userId, settings }: UpdateSettingsRequest): Promise<MemberSettings> {
    return this.uow.run(async () => {
      // one change of the member's at a time (the first has no row to lock: two would both start
      // from the defaults, and the second would undo the first); one still on its way when the
      // account was deleted stores nothing
      if (!(await this.profiles.holdPresentMember(userId, 'exclusive'))) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
      const stored = await this.settings.findForUpdate(userId);
      const next = mergeSettings(withDefaults(stored?.settings), settings);
      const revision = (stored?.revision ?? 0) + 1;
      await this.settings.save(userId, next, revision);
      await this.events.emit(Events.profiles.settingsChanged, { userId, revision, settings: next } satisfies SettingsChangedEvent);
      return next;
    });
  }
}
