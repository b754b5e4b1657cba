/**
 * Every NATS subject in one place. Requests are `<service>.<verb>` (request/reply, queue group
 * per service); events are `<service>.<aggregate>.<verb-past>` (JetStream, through the outbox).
 */
export const Rpc = {
  identity: {
    signup: 'identity.signup',
    verify: 'identity.verify',
    login: 'identity.login',
    resendVerification: 'identity.resend-verification',
    forgotPassword: 'identity.forgot-password',
    resetPassword: 'identity.reset-password',
    changePassword: 'identity.change-password',
    getAccount: 'identity.get-account',
    setUserType: 'identity.set-user-type',
    deleteAccount: 'identity.delete',
    /** the account of an email and password deleted without a session: for a banned or suspended member, who cannot have one */
    deleteWithPassword: 'identity.delete-with-password',
    getAccounts: 'identity.get-accounts',
    createDemoAccount: 'identity.create-demo-account',
    /** paged current state of typed accounts (AccountTypeSetEvent each), for projections to rebuild from */
    snapshot: 'identity.snapshot',
    /** a member's report (or the app's own): added to the reported member's open case */
    fileReport: 'identity.file-report',
    /** the moderation queue: open cases, most reporters then oldest first */
    listOpenCases: 'identity.list-open-cases',
    /** dismiss, warn, suspend or ban, written to the audit log */
    moderateCase: 'identity.moderate-case',
    listAudit: 'identity.list-audit',
    /** an admin action the gateway takes (opening a private document, rebuilding the deck model), before it is taken */
    recordAudit: 'identity.record-audit',
  },
  profiles: {
    create: 'profiles.create',
    update: 'profiles.update',
    get: 'profiles.get',
    submitDocument: 'profiles.submit-document',
    verificationStatus: 'profiles.verification-status',
    listPendingVerifications: 'profiles.list-pending-verifications',
    getDocument: 'profiles.get-document',
    reviewDocument: 'profiles.review-document',
    /** paged current state of every profile (ProfileChangedEvent each), for projections to rebuild from */
    snapshot: 'profiles.snapshot',
    getSettings: 'profiles.get-settings',
    updateSettings: 'profiles.update-settings',
    /** paged stored settings (SettingsChangedEvent each), for projections to rebuild from */
    settingsSnapshot: 'profiles.settings-snapshot',
  },
  discovery: {
    deck: 'discovery.deck',
    swipe: 'discovery.swipe',
    undo: 'discovery.undo',
    boost: 'discovery.boost',
    boostState: 'discovery.boost-state',
    recordView: 'discovery.record-view',
    listViews: 'discovery.list-views',
    countViews: 'discovery.count-views',
    loadFilters: 'discovery.load-filters',
    saveFilters: 'discovery.save-filters',
    listMatches: 'discovery.list-matches',
    rebuildCandidates: 'discovery.rebuild-candidates',
    /** may `viewerId` open `ownerId`'s photos (deck, match, who viewed me) */
    canSeePhotos: 'discovery.can-see-photos',
    unmatch: 'discovery.unmatch',
    block: 'discovery.block',
    unblock: 'discovery.unblock',
    listBlocks: 'discovery.list-blocks',
    /** the member's layover (not over, not cancelled), or null */
    getLayover: 'discovery.get-layover',
    /** adds or replaces the member's layover */
    saveLayover: 'discovery.save-layover',
    cancelLayover: 'discovery.cancel-layover',
  },
  messaging: {
    listMessages: 'messaging.list-messages',
    sendMessage: 'messaging.send-message',
    markRead: 'messaging.mark-read',
    registerAttachment: 'messaging.register-attachment',
    /** the attachment key of a message, for a member of its open conversation (404 for anyone else, or once it ended) */
    attachmentOf: 'messaging.attachment-of',
    /** forgets a registered attachment no message carries (its upload's time is up); answers whether a message carries it */
    forgetUnsentAttachment: 'messaging.forget-unsent-attachment',
    summaries: 'messaging.conversation-summaries',
    /** the other member of the match, when `userId` is a member of an open conversation */
    partnerIn: 'messaging.partner-in',
    /** everyone `userId` has an open conversation with (presence goes to them only) */
    partners: 'messaging.partners',
    /** messages of a member's conversations (open or ended) with another, by id: what a report attaches */
    messagesForReport: 'messaging.messages-for-report',
    /** whether `userId` and `otherUserId` ever had a conversation (open or ended): who may report whom after a block */
    hadConversation: 'messaging.had-conversation',
    /**
     * closes the conversation of a match discovery ended (unmatch, block) before the member who
     * ended it is answered; `discovery.match.ended` closes it too, later (other paths, a failure)
     */
    endConversation: 'messaging.end-conversation',
  },
  notifications: {
    list: 'notifications.list',
    markRead: 'notifications.mark-read',
    unreadCount: 'notifications.unread-count',
    /** the VAPID public key browsers subscribe with */
    pushPublicKey: 'notifications.push-public-key',
    savePushSubscription: 'notifications.save-push-subscription',
    removePushSubscription: 'notifications.remove-push-subscription',
    /** sessions of the account were ended (all or all others, or one by its logout): their browsers' subscriptions end too */
    endPushSubscriptions: 'notifications.end-push-subscriptions',
  },
  billing: {
    /** the payment form's settings (provider, publishable key) */
    config: 'billing.config',
    /** the member's subscription: created once (customer and incomplete subscription), then the same one */
    getOrCreateSubscription: 'billing.get-or-create-subscription',
    getSubscription: 'billing.get-subscription',
    cancelSubscription: 'billing.cancel-subscription',
    /** a cancelled subscription renews again (before its paid period ended) */
    resumeSubscription: 'billing.resume-subscription',
    /** a provider's webhook as it arrived (raw body and signature header) */
    handleWebhook: 'billing.handle-webhook',
    /** the test provider's card form (refused when Stripe is the provider) */
    confirmTestPayment: 'billing.confirm-test-payment',
  },
  health: <S extends string>(service: S): `${S}.health` => `${service}.health`,
} as const;

export const Events = {
  identity: {
    accountRegistered: 'identity.account.registered',
    accountVerified: 'identity.account.verified',
    accountTypeSet: 'identity.account.type-set',
    accountDeleted: 'identity.account.deleted',
    /** the account's subscription status changed (AccountTypeSetEvent: the account's current state) */
    subscriptionChanged: 'identity.account.subscription-changed',
    /** banned or suspended by a moderator (AccountRestrictedEvent) */
    accountRestricted: 'identity.account.restricted',
    /** a moderator warned the member (MemberWarnedEvent) */
    memberWarned: 'identity.member.warned',
  },
  profiles: {
    profileCreated: 'profiles.profile.created',
    profileUpdated: 'profiles.profile.updated',
    verificationApproved: 'profiles.verification.approved',
    verificationRejected: 'profiles.verification.rejected',
    settingsChanged: 'profiles.settings.changed',
  },
  discovery: {
    likeCreated: 'discovery.like.created',
    /** a like (or super like) not answered yet that its member took back by undo (LikeWithdrawnEvent) */
    likeWithdrawn: 'discovery.like.withdrawn',
    /** a like (or super like) not answered yet that the liked member answered with a pass (LikeDeclinedEvent) */
    likeDeclined: 'discovery.like.declined',
    matchCreated: 'discovery.match.created',
    matchEnded: 'discovery.match.ended',
    memberBlocked: 'discovery.member.blocked',
    memberUnblocked: 'discovery.member.unblocked',
  },
  messaging: {
    messageSent: 'messaging.message.sent',
    messagesRead: 'messaging.messages.read',
    /** a member opened a conversation with nothing in it yet (ConversationOpenedEvent) */
    conversationOpened: 'messaging.conversation.opened',
    /** a member sent several messages anyway after 'Are you sure?' (NudgesRepeatedEvent) */
    nudgesRepeated: 'messaging.nudges.repeated',
    /** attachments no conversation holds any more, whose stored files go (AttachmentsForgottenEvent) */
    attachmentsForgotten: 'messaging.attachments.forgotten',
  },
  billing: {
    subscriptionActivated: 'billing.subscription.activated',
    subscriptionDeactivated: 'billing.subscription.deactivated',
  },
  notifications: {
    notificationCreated: 'notifications.notification.created',
    /** notifications of these members were removed (a block, a ban, a deleted account, an undo), stored quietly (a like made again soon after its undo) or rewritten (a welcome after a change of account type): their lists and counts changed */
    notificationsRemoved: 'notifications.notifications.removed',
    /** a member's unread notifications were marked read for them (they read the conversation the messages were in): their count changed */
    notificationsRead: 'notifications.notifications.read',
  },
} as const;

/** Background job names, one enum for every queue in the product. */
export enum JobName {
  SendVerificationEmail = 'send-verification-email',
  SendPasswordResetEmail = 'send-password-reset-email',
  /** a stored notification as web push to the member's browsers (when offline and the toggle is on) */
  SendWebPush = 'send-web-push',
  /**
   * deletes an attachment upload no message carries, registered or not (ServerLimits.unsentUploadSeconds
   * after its address); the name is the one jobs already queued were stored under
   */
  DeleteUnsentUpload = 'delete-unregistered-upload',
  /** deletes uploaded profile photos that are not on the member's profile (ServerLimits.unattachedPhotoSeconds after their upload) */
  DeleteUnattachedPhotos = 'delete-unattached-photos',
  /** the web push subscriptions of an account's ended sessions (SessionStore.revokeAll, logout), retried until the notifications service has them removed */
  EndPushSubscriptions = 'end-push-subscriptions',
}
