import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsObject, IsOptional, IsString, IsUUID, Min, ValidateNested } from 'class-validator';
import type { NotificationView } from './notifications/notification.view.js';
import type { MatchingCriteria, PublicProfileView } from './profiles/profile.view.js';
import type { StoredMessageView } from './messaging/message.view.js';
import type { MemberSettings } from './settings/member-settings.view.js';
import type { Restriction } from './safety/safety.view.js';
import { ReportedMessage } from './safety/safety.requests.js';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, USER_TYPES, type UserType } from './limits.js';
import { Events } from './subjects.js';

/*
 * Every domain event's payload, as a class: its fields' types for the code that emits and handles
 * it, and its rules (class-validator) for the consumer that receives it from the bus. The map at
 * the end (EventContract) ties each subject to its payload and the payload's schema version.
 */

// --- identity ------------------------------------------------------------------------------------

/**
 * Every account event carries the account's revision: it increases with each change, so a
 * consumer keeps the highest one it has seen and ignores an older event that arrives late.
 */
export class AccountRevision {
  @IsUUID() accountId!: string;
  @IsInt() @Min(0) revision!: number;
}

export class AccountRegisteredEvent extends AccountRevision {
  @IsString() email!: string;
}

export class AccountVerifiedEvent extends AccountRevision {}

export class AccountDeletedEvent extends AccountRevision {}

export class AccountTypeSetEvent extends AccountRevision {
  @IsIn(USER_TYPES) userType!: UserType;
  @IsIn(SUBSCRIPTION_STATUSES) subscriptionStatus!: SubscriptionStatus;
  /** a demo crew account (single-node demo data) */
  @IsBoolean() demo!: boolean;
  /** when the account was created (ISO): an airline member's days to upload an employment document count from it */
  @IsISO8601() registeredAt!: string;
  /** banned, or suspended until a moment (hidden everywhere while it lasts); null or absent: in good standing */
  @IsOptional() @IsObject() restriction?: Restriction | null;
}

/** identity.account.restricted: a moderator banned or suspended the member (their sessions end) */
export class AccountRestrictedEvent extends AccountRevision {
  @IsObject() restriction!: Restriction;
}

/** identity.member.warned: a moderator warned the member (a notification tells them) */
export class MemberWarnedEvent {
  @IsUUID() userId!: string;
  @IsUUID() caseId!: string;
}

// --- profiles ------------------------------------------------------------------------------------

/** profile created/updated: the profile's revision increases with each change (consumers keep the highest) */
export class ProfileChangedEvent {
  @IsUUID() userId!: string;
  @IsInt() @Min(0) revision!: number;
  @IsObject() profile!: PublicProfileView;
  @IsObject() matching!: MatchingCriteria;
}

export class VerificationReviewedEvent {
  @IsUUID() userId!: string;
  @IsUUID() documentId!: string;
  /** the stored file, deleted once decided (only the decision and its date are kept) */
  @IsOptional() @IsString() objectKey?: string;
  /** the admin who decided and their note (the audit log) */
  @IsOptional() @IsUUID() reviewerId?: string | null;
  @IsOptional() @IsString() reason?: string | null;
}

export class SettingsChangedEvent {
  @IsUUID() userId!: string;
  @IsInt() @Min(0) revision!: number;
  @IsObject() settings!: MemberSettings;
}

// --- discovery -----------------------------------------------------------------------------------

/** a like (or super like) the other member has not answered yet; a like that makes a match is told by `MatchCreatedEvent` */
export class LikeCreatedEvent {
  @IsUUID() fromUserId!: string;
  @IsUUID() toUserId!: string;
  @IsBoolean() isSuper!: boolean;
  /** the liker's first name, for 'Maya liked you' */
  @IsOptional() @IsString() fromFirstName!: string | null;
}

/** a like of `LikeCreatedEvent` taken back (undo): what the other member was told of it goes */
export class LikeWithdrawnEvent {
  @IsUUID() fromUserId!: string;
  @IsUUID() toUserId!: string;
}

/** a like of `LikeCreatedEvent` that its member (`toUserId`) answered with a pass: what they were told of it goes */
export class LikeDeclinedEvent {
  @IsUUID() fromUserId!: string;
  @IsUUID() toUserId!: string;
}

export class MatchCreatedEvent {
  @IsUUID() matchId!: string;
  @IsArray() @ArrayMinSize(2) @ArrayMaxSize(2) @IsUUID(undefined, { each: true }) userIds!: [string, string];
  /** first names by user id, for 'It's a match with Maya!' */
  @IsObject() firstNames!: Record<string, string | null>;
  /** the member whose like made the match: its answer told them ('It's a Match!'); absent from events written before it was recorded */
  @IsOptional() @IsUUID() madeBy?: string;
}

/** a match ended by unmatch, block or the deletion of one member's account; `reason` tells which */
export class MatchEndedEvent {
  @IsUUID() matchId!: string;
  @IsArray() @ArrayMinSize(2) @ArrayMaxSize(2) @IsUUID(undefined, { each: true }) userIds!: [string, string];
  @IsIn(['unmatch', 'block', 'account_deleted']) reason!: 'unmatch' | 'block' | 'account_deleted';
  /** the member who ended it (who unmatched, blocked or deleted their account); absent from events written before it was recorded */
  @IsOptional() @IsUUID() endedBy?: string;
}

export class MemberBlockedEvent {
  @IsUUID() blockerId!: string;
  @IsUUID() blockedId!: string;
}

export class MemberUnblockedEvent extends MemberBlockedEvent {}

// --- messaging -----------------------------------------------------------------------------------

export class MessageSentEvent {
  @IsObject() message!: StoredMessageView;
  @IsUUID() recipientId!: string;
}

export class MessagesReadEvent {
  @IsUUID() matchId!: string;
  /** the reader */
  @IsUUID() userId!: string;
  /** the other member, whose messages were read */
  @IsUUID() senderId!: string;
  @IsISO8601() readAt!: string;
}

/** messaging.conversation.opened: a member opened a conversation with nothing in it yet (a new match's) */
export class ConversationOpenedEvent {
  @IsUUID() matchId!: string;
  /** who opened it */
  @IsUUID() userId!: string;
  /** the other member of the match */
  @IsUUID() otherUserId!: string;
}

/** messaging.attachments.forgotten: these attachments went with the conversations that held them (an account's deletion): their stored files go too */
export class AttachmentsForgottenEvent {
  /** attachment keys (`attachments/<uploader>/<id>`) */
  @IsArray() @IsString({ each: true }) keys!: string[];
}

/** messaging.nudges.repeated: the member sent `ServerLimits.nudgesBeforeReport` messages anyway after 'Are you sure?' within the window */
export class NudgesRepeatedEvent {
  @IsUUID() userId!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ReportedMessage) messages!: ReportedMessage[];
}

// --- notifications -------------------------------------------------------------------------------

export class NotificationCreatedEvent {
  @IsUUID() userId!: string;
  @IsObject() notification!: NotificationView;
}

/** notifications.notifications.removed: members whose notifications were removed */
export class NotificationsRemovedEvent {
  @IsArray() @ArrayMinSize(1) @IsUUID('all', { each: true }) userIds!: string[];
}

/** notifications.notifications.read: some of the member's notifications became read without their marking them (a read conversation) */
export class NotificationsReadEvent {
  @IsUUID() userId!: string;
}

// --- billing -------------------------------------------------------------------------------------

/** billing.subscription.activated / deactivated: identity mirrors it onto the account */
export class SubscriptionChangedEvent {
  @IsUUID() accountId!: string;
  @IsIn(['active', 'inactive']) status!: 'active' | 'inactive';
  /** end of the paid period (null when none was ever paid) */
  @IsOptional() @IsISO8601() expiresAt!: string | null;
  /** increases with each change of this member's subscription: a consumer ignores an older one */
  @IsInt() @Min(0) revision!: number;
}

// --- the contract --------------------------------------------------------------------------------

type PayloadClass = new () => object;

/**
 * Every event subject with its payload class and the payload's schema version. Emitting and
 * handling are typed by it; a consumer validates each event it receives against it, and an event
 * of another schema version or with an invalid payload goes to the dead letters at once. Raise a
 * subject's schema version when its payload changes in a way its consumers must know about.
 */
export const EventContract = {
  [Events.identity.accountRegistered]: { payload: AccountRegisteredEvent, schemaVersion: 1 },
  [Events.identity.accountVerified]: { payload: AccountVerifiedEvent, schemaVersion: 1 },
  [Events.identity.accountTypeSet]: { payload: AccountTypeSetEvent, schemaVersion: 1 },
  [Events.identity.accountDeleted]: { payload: AccountDeletedEvent, schemaVersion: 1 },
  [Events.identity.subscriptionChanged]: { payload: AccountTypeSetEvent, schemaVersion: 1 },
  [Events.identity.accountRestricted]: { payload: AccountRestrictedEvent, schemaVersion: 1 },
  [Events.identity.memberWarned]: { payload: MemberWarnedEvent, schemaVersion: 1 },
  [Events.profiles.profileCreated]: { payload: ProfileChangedEvent, schemaVersion: 1 },
  [Events.profiles.profileUpdated]: { payload: ProfileChangedEvent, schemaVersion: 1 },
  [Events.profiles.verificationApproved]: { payload: VerificationReviewedEvent, schemaVersion: 1 },
  [Events.profiles.verificationRejected]: { payload: VerificationReviewedEvent, schemaVersion: 1 },
  [Events.profiles.settingsChanged]: { payload: SettingsChangedEvent, schemaVersion: 1 },
  [Events.discovery.likeCreated]: { payload: LikeCreatedEvent, schemaVersion: 1 },
  [Events.discovery.likeWithdrawn]: { payload: LikeWithdrawnEvent, schemaVersion: 1 },
  [Events.discovery.likeDeclined]: { payload: LikeDeclinedEvent, schemaVersion: 1 },
  [Events.discovery.matchCreated]: { payload: MatchCreatedEvent, schemaVersion: 1 },
  [Events.discovery.matchEnded]: { payload: MatchEndedEvent, schemaVersion: 1 },
  [Events.discovery.memberBlocked]: { payload: MemberBlockedEvent, schemaVersion: 1 },
  [Events.discovery.memberUnblocked]: { payload: MemberUnblockedEvent, schemaVersion: 1 },
  [Events.messaging.messageSent]: { payload: MessageSentEvent, schemaVersion: 1 },
  [Events.messaging.messagesRead]: { payload: MessagesReadEvent, schemaVersion: 1 },
  [Events.messaging.conversationOpened]: { payload: ConversationOpenedEvent, schemaVersion: 1 },
  [Events.messaging.nudgesRepeated]: { payload: NudgesRepeatedEvent, schemaVersion: 1 },
  [Events.messaging.attachmentsForgotten]: { payload: AttachmentsForgottenEvent, schemaVersion: 1 },
  [Events.billing.subscriptionActivated]: { payload: SubscriptionChangedEvent, schemaVersion: 1 },
  [Events.billing.subscriptionDeactivated]: { payload: SubscriptionChangedEvent, schemaVersion: 1 },
  [Events.notifications.notificationCreated]: { payload: NotificationCreatedEvent, schemaVersion: 1 },
  [Events.notifications.notificationsRemoved]: { payload: NotificationsRemovedEvent, schemaVersion: 1 },
  [Events.notifications.notificationsRead]: { payload: NotificationsReadEvent, schemaVersion: 1 },
} as const satisfies Record<EventSubject, { payload: PayloadClass; schemaVersion: number }>;

type Values<T> = T[keyof T];
/** every domain event subject (`Events.*.*`) */
export type EventSubject = Values<{ [Service in keyof typeof Events]: Values<(typeof Events)[Service]> }>;
/** what an event of `subject` carries */
export type EventPayload<S extends EventSubject> = InstanceType<(typeof EventContract)[S]['payload']>;
