import type { BoostRequest, CanSeePhotosRequest, DeckRequest, DiscoveryUserRequest, RecordProfileViewRequest, SaveFilterPreferencesRequest, SwipeRequest } from './discovery/discovery.requests.js';
import type { BoostStateView, BoostView, CandidateView, FilterPreferencesView, MatchEndReply, MatchView, ProfileViewEntry, SwipeResult } from './discovery/discovery.view.js';
import type { SaveLayoverRequest } from './discovery/layover.requests.js';
import type { LayoverView } from './discovery/layover.view.js';
import type { AccountView, LoginReply } from './identity/account.view.js';
import type { AccountTypeSetEvent, ProfileChangedEvent, SettingsChangedEvent } from './domain-events.js';
import type {
  AccountIdRequest,
  ChangePasswordRequest,
  CreateDemoAccountRequest,
  EmailCall,
  LoginCall,
  LoginRequest,
  ResetPasswordRequest,
  SetUserTypeRequest,
  SignupCall,
  VerifyRequest,
} from './identity/identity.requests.js';
import type { BlockView, ConversationSummary, StoredMessageView } from './messaging/message.view.js';
import type { BlockRequest, ConversationSummariesRequest, EndConversationRequest, ListMessagesRequest, MatchMemberRequest, MessageAttachmentRequest, RegisterAttachmentRequest, AttachmentKeyRequest, SendMessageRequest } from './messaging/messaging.requests.js';
import type { ListNotificationsRequest, MarkNotificationReadRequest } from './notifications/notification.requests.js';
import type { NotificationView } from './notifications/notification.view.js';
import type { EndPushSubscriptionsRequest, RemovePushSubscriptionRequest, SavePushSubscriptionRequest } from './notifications/push-subscription.requests.js';
import type { CreateProfileRequest, DocumentIdRequest, ListPendingVerificationsRequest, ReviewDocumentRequest, SubmitDocumentRequest, UpdateProfileRequest, UserIdRequest, UserIdsRequest } from './profiles/profile.requests.js';
import type { EmploymentReviewView, OwnProfileView, PendingVerificationView, StoredDocumentView, VerificationStatusView } from './profiles/profile.view.js';
import type { UpdateSettingsRequest } from './settings/member-settings.requests.js';
import type { MemberSettings } from './settings/member-settings.view.js';
import type { BillingMemberRequest, BillingWebhookRequest, ConfirmTestPaymentRequest } from './billing/billing.requests.js';
import type { BillingConfigView, SubscriptionSetupReply, SubscriptionView } from './billing/subscription.view.js';
import type { SnapshotPageRequest } from './snapshot.requests.js';
import type { ConversationPairRequest, FileReportRequest, ListAuditRequest, MessagesForReportRequest, ModerateCaseRequest, RecordAuditRequest, ReportedMessage } from './safety/safety.requests.js';
import type { AuditEntryView, ModerationCaseRecord, ModerationOutcome } from './safety/safety.view.js';
import type { Rpc } from './subjects.js';

type Call<Request, Reply> = { request: Request; reply: Reply };
type Ok = { success: true };
type Empty = Record<string, never>;

/**
 * Every RPC subject with what it takes and what it answers: `RpcClient.send` is typed by it, so
 * a call with the wrong body, or a use of the wrong reply, does not compile.
 */
export interface RpcContract {
  [Rpc.identity.signup]: Call<SignupCall, Ok>;
  [Rpc.identity.verify]: Call<VerifyRequest, AccountView>;
  [Rpc.identity.login]: Call<LoginCall, LoginReply>;
  [Rpc.identity.resendVerification]: Call<EmailCall, Ok>;
  [Rpc.identity.forgotPassword]: Call<EmailCall, Ok>;
  [Rpc.identity.resetPassword]: Call<ResetPasswordRequest, { accountId: string }>;
  [Rpc.identity.changePassword]: Call<ChangePasswordRequest, { accountId: string }>;
  [Rpc.identity.getAccount]: Call<AccountIdRequest, AccountView>;
  [Rpc.identity.setUserType]: Call<SetUserTypeRequest, AccountView>;
  [Rpc.identity.deleteAccount]: Call<AccountIdRequest, { deleted: true }>;
  [Rpc.identity.deleteWithPassword]: Call<LoginRequest, { accountId: string }>;
  [Rpc.identity.getAccounts]: Call<UserIdsRequest, AccountView[]>;
  [Rpc.identity.createDemoAccount]: Call<CreateDemoAccountRequest, { created: boolean }>;
  [Rpc.identity.snapshot]: Call<SnapshotPageRequest, AccountTypeSetEvent[]>;
  [Rpc.identity.fileReport]: Call<FileReportRequest, { caseId: string }>;
  [Rpc.identity.listOpenCases]: Call<Empty, ModerationCaseRecord[]>;
  [Rpc.identity.moderateCase]: Call<ModerateCaseRequest, ModerationOutcome>;
  [Rpc.identity.listAudit]: Call<ListAuditRequest, AuditEntryView[]>;
  [Rpc.identity.recordAudit]: Call<RecordAuditRequest, { success: true }>;
  [Rpc.profiles.create]: Call<CreateProfileRequest, OwnProfileView>;
  [Rpc.profiles.update]: Call<UpdateProfileRequest, OwnProfileView>;
  [Rpc.profiles.get]: Call<UserIdRequest, OwnProfileView | null>;
  [Rpc.profiles.submitDocument]: Call<SubmitDocumentRequest, VerificationStatusView>;
  [Rpc.profiles.verificationStatus]: Call<UserIdRequest, EmploymentReviewView>;
  [Rpc.profiles.listPendingVerifications]: Call<ListPendingVerificationsRequest, PendingVerificationView[]>;
  [Rpc.profiles.getDocument]: Call<DocumentIdRequest, StoredDocumentView>;
  [Rpc.profiles.reviewDocument]: Call<ReviewDocumentRequest, VerificationStatusView>;
  [Rpc.profiles.snapshot]: Call<SnapshotPageRequest, ProfileChangedEvent[]>;
  [Rpc.profiles.getSettings]: Call<UserIdRequest, MemberSettings>;
  [Rpc.profiles.updateSettings]: Call<UpdateSettingsRequest, MemberSettings>;
  [Rpc.profiles.settingsSnapshot]: Call<SnapshotPageRequest, SettingsChangedEvent[]>;
  [Rpc.discovery.deck]: Call<DeckRequest, CandidateView[]>;
  [Rpc.discovery.swipe]: Call<SwipeRequest, SwipeResult>;
  [Rpc.discovery.undo]: Call<DiscoveryUserRequest, Ok & { toUserId: string; action: string }>;
  [Rpc.discovery.boost]: Call<BoostRequest, BoostView>;
  [Rpc.discovery.boostState]: Call<DiscoveryUserRequest, BoostStateView>;
  [Rpc.discovery.recordView]: Call<RecordProfileViewRequest, Ok>;
  [Rpc.discovery.listViews]: Call<DiscoveryUserRequest, ProfileViewEntry[]>;
  [Rpc.discovery.countViews]: Call<DiscoveryUserRequest, { count: number }>;
  [Rpc.discovery.loadFilters]: Call<DiscoveryUserRequest, FilterPreferencesView>;
  [Rpc.discovery.saveFilters]: Call<SaveFilterPreferencesRequest, FilterPreferencesView>;
  [Rpc.discovery.listMatches]: Call<DiscoveryUserRequest, MatchView[]>;
  [Rpc.discovery.unmatch]: Call<MatchMemberRequest, MatchEndReply>;
  [Rpc.discovery.block]: Call<BlockRequest, MatchEndReply>;
  [Rpc.discovery.unblock]: Call<BlockRequest, Ok>;
  [Rpc.discovery.listBlocks]: Call<DiscoveryUserRequest, BlockView[]>;
  [Rpc.discovery.getLayover]: Call<DiscoveryUserRequest, LayoverView | null>;
  [Rpc.discovery.saveLayover]: Call<SaveLayoverRequest, LayoverView>;
  [Rpc.discovery.cancelLayover]: Call<DiscoveryUserRequest, Ok>;
  [Rpc.messaging.listMessages]: Call<ListMessagesRequest, StoredMessageView[]>;
  [Rpc.messaging.sendMessage]: Call<SendMessageRequest, { message: StoredMessageView; recipientId: string; created: boolean }>;
  [Rpc.messaging.markRead]: Call<MatchMemberRequest, Ok & { readAt: string | null }>;
  [Rpc.messaging.registerAttachment]: Call<RegisterAttachmentRequest, Ok>;
  [Rpc.messaging.attachmentOf]: Call<MessageAttachmentRequest, { key: string }>;
  [Rpc.messaging.forgetUnsentAttachment]: Call<AttachmentKeyRequest, { sent: boolean }>;
  [Rpc.messaging.summaries]: Call<ConversationSummariesRequest, ConversationSummary[]>;
  [Rpc.messaging.partnerIn]: Call<MatchMemberRequest, { partnerId: string | null }>;
  [Rpc.messaging.partners]: Call<DiscoveryUserRequest, { partnerIds: string[] }>;
  [Rpc.messaging.messagesForReport]: Call<MessagesForReportRequest, ReportedMessage[]>;
  [Rpc.messaging.hadConversation]: Call<ConversationPairRequest, { had: boolean }>;
  [Rpc.messaging.endConversation]: Call<EndConversationRequest, Ok>;
  [Rpc.discovery.rebuildCandidates]: Call<Empty, { profiles: number; accounts: number; settings: number }>;
  [Rpc.discovery.canSeePhotos]: Call<CanSeePhotosRequest, { allowed: boolean }>;
  [Rpc.notifications.list]: Call<ListNotificationsRequest, NotificationView[]>;
  [Rpc.notifications.unreadCount]: Call<ListNotificationsRequest, { count: number }>;
  [Rpc.notifications.markRead]: Call<MarkNotificationReadRequest, { read: true }>;
  [Rpc.notifications.pushPublicKey]: Call<Empty, { publicKey: string }>;
  [Rpc.notifications.savePushSubscription]: Call<SavePushSubscriptionRequest, Ok>;
  [Rpc.notifications.removePushSubscription]: Call<RemovePushSubscriptionRequest, Ok>;
  [Rpc.notifications.endPushSubscriptions]: Call<EndPushSubscriptionsRequest, Ok>;
  [Rpc.billing.config]: Call<Empty, BillingConfigView>;
  [Rpc.billing.getOrCreateSubscription]: Call<BillingMemberRequest, SubscriptionSetupReply>;
  [Rpc.billing.getSubscription]: Call<BillingMemberRequest, SubscriptionView>;
  [Rpc.billing.cancelSubscription]: Call<BillingMemberRequest, SubscriptionView>;
  [Rpc.billing.resumeSubscription]: Call<BillingMemberRequest, SubscriptionView>;
  [Rpc.billing.handleWebhook]: Call<BillingWebhookRequest, { received: true; duplicate: boolean }>;
  [Rpc.billing.confirmTestPayment]: Call<ConfirmTestPaymentRequest, { status: string }>;
  [health: `${string}.health`]: Call<Empty, { status: 'ok'; service: string; pid: number }>;
}

export type RpcSubject = keyof RpcContract;
export type RpcRequest<S extends RpcSubject> = RpcContract[S]['request'];
export type RpcReply<S extends RpcSubject> = RpcContract[S]['reply'];
