/** Business constants and limits of spec §9, shared by gateway, services and web. */
export const PRODUCT_NAME = 'AeroMatch';
export const TAGLINE = 'Where Aviation Meets Romance';

export const Limits = {
  subscriptionPriceUsd: 9.99,
  /** an airline member uses the app without paying while their employment document is pending or approved, or this long after registering without one */
  airlineDocumentGraceDays: 7,
  photosPerProfile: 6,
  maxUploadBytes: 10 * 1024 * 1024,
  /** a 50-megapixel phone photo (8160 × 6120) fits; a decompression bomb does not */
  maxImageMegapixels: 60,
  ageMin: 18,
  ageMax: 120,
  ageDefault: 25,
  /** the profile's texts, in characters (an emoji is one) */
  firstNameMaxChars: 50,
  bioMaxChars: 1000,
  /** a place label (GET /api/places) */
  locationMaxChars: 120,
  /** dietary preferences, sleep habits, political views */
  profileTextMaxChars: 100,
  languagesMax: 20,
  languageMaxChars: 40,
  agePreferenceMin: 18,
  agePreferenceMax: 99,
  filterAgeMin: 18,
  filterAgeMax: 100,
  filterMaxAirlines: 10,
  filterMaxPositions: 20,
  /** base airports the filter dialog may narrow the deck to */
  filterMaxBaseAirports: 10,
  /** a layover (arrival to departure) lasts at most this long */
  layoverMaxDays: 4,
  /** a layover starts at most this far ahead */
  layoverMaxDaysAhead: 60,
  signupPasswordMin: 6,
  resetPasswordMin: 8,
  verificationCodeLength: 6,
  verificationAutoSubmitMs: 100,
  postLoginFetchDelayMs: 100,
  currentUserRetries: 2,
  currentUserRetryDelayMs: 1000,
  superLikesPerDay: 1,
  boostMinutesDefault: 30,
  matchRedirectMs: 4000,
  /** swipe gestures (spec §9): a second tap within this time is a like */
  doubleTapMs: 300,
  /** holding a photo this long opens the zoom overlay */
  longPressMs: 500,
  /** a photo gallery moves to the next or previous photo past this drag */
  gallerySwipePx: 50,
  toastDurationMs: 5000,
  toastSwipeDismissPx: 50,
  installPromptDelayMs: 10_000,
  installDismissSuppressMs: 24 * 60 * 60 * 1000,
  locationSearchMinChars: 3,
  /** an airport search (a code, a city or a word of the name) from this many characters */
  airportSearchMinChars: 2,
  locationSearchDebounceMs: 300,
  locationSearchFetch: 10,
  locationSearchShow: 5,
  chatReconnectAttempts: 5,
  chatReconnectBaseMs: 1000,
  chatReconnectMaxMs: 30_000,
  chatAuthRetryMs: 2000,
  /** messages per conversation page (GET /api/matches/{matchId}/messages, ?before= for older) */
  messagesPageSize: 50,
  /** notifications per page (GET /api/notifications, ?before= for older) */
  notificationsPageSize: 50,
  /** longest push endpoint URL accepted */
  pushEndpointMaxChars: 2048,
  messageMaxChars: 2000,
  /** a voice clip longer than this is refused */
  voiceMaxSeconds: 600,
  /** the 'typing…' indicator stays this long after the last typing event */
  typingIndicatorMs: 4000,
  /** a report's details (required for the reason 'other') */
  reportDetailsMaxChars: 1000,
  /** messages a reporter may attach to one report */
  reportMaxMessages: 20,
  /** a moderator's note on an action (the audit log's why) */
  moderationReasonMaxChars: 500,
  /** the longest suspension */
  suspensionMaxDays: 365,
  /** audit log entries in one page (GET /api/admin/audit, then `?before=<the last one's id>`) */
  auditPage: 100,
} as const;

/**
 * photos uploaded (POST /api/photos) and not on the member's profile this long after are deleted;
 * the app attaches them right after the upload (registration's POST /api/users, or the profile
 * edit), and uploads them again for a save this late (ServerLimits.unattachedPhotoSeconds)
 */
export const UNATTACHED_PHOTO_SECONDS = 3600;

/**
 * Limits only the server applies (the services and the gateway): apart from `Limits`, so the web
 * app's bundles, which import `Limits` from the shared part, do not carry them.
 */
export const ServerLimits = {
  /** the longest q of a place or airport search (GET /api/places, GET /api/airports) */
  searchQueryMaxChars: 100,
  /** a paid period whose renewal has not been confirmed this long after its end lapses (the member must pay again) */
  subscriptionLapseGraceHours: 24,
  /** members are in the same place as a layover within this distance of its city's centre */
  layoverRadiusKm: 50,
  /**
   * a member who hides their age (`privacy.showAge` off) is matched on the band of this many years
   * that holds it (floor(age / 5) × 5 to 4 years on: 25–29, 30–34…; 18 and 19 are in 15–19): an age
   * range, a deck filter's or a member's preference, takes them when it overlaps the band, so no
   * choice of ranges tells anyone more than the band (discovery's `ageInRange`)
   */
  hiddenAgeBandYears: 5,
  verificationCodeTtlMinutes: 15,
  verificationCodeMaxAttempts: 5,
  /** how long identity keeps the verification window of an address without an account (its end and wrong attempts, answered as an account's would be) */
  addressVerificationWindowKeepHours: 24,
  /**
   * wrong codes tried for an address in 24 hours, whoever tries and whether or not it has an
   * account: beyond them every code is answered as used up, the right one too (a verified address
   * starts again from none). A resend gives a code five fresh tries, so without this a guesser who
   * asks for codes again and again tries about a thousand a day under the per-account rate limit
   * (10 per 15 minutes)
   */
  verificationTriesPerAddressPerDay: 30,
  resetTokenTtlMinutes: 30,
  /** a like taken back (undo) and made again within this long alerts its member once: the new one is stored without a second push */
  likeAlertWindowHours: 24,
  /**
   * open sockets of one member, over every gateway (a tab holds one): one more is closed as it
   * connects, as each costs the presence look of every later one and a share of every push
   */
  socketsPerMember: 20,
  /** web push subscriptions (browsers, devices) kept per member: the newest ones */
  pushSubscriptionsPerMember: 10,
  /**
   * a signed URL to read a stored file (a profile photo, a message's attachment, an employment
   * document) lives this long: handed out only as the redirect of the file's stable address, after
   * the access check, and that redirect is cached a fifth of it (`redirectToSignedUrl`)
   */
  signedUrlSeconds: 300,
  /** upload addresses live this long */
  uploadUrlSeconds: 600,
  /**
   * an upload no message carries this long after its address was handed out is deleted, with its
   * checked copy and registration: the app registers an attachment right before sending it
   */
  unsentUploadSeconds: 600 + 3600,
  unattachedPhotoSeconds: UNATTACHED_PHOTO_SECONDS,
  /** this many messages sent anyway after 'Are you sure?' within `nudgeWindowHours` open a report */
  nudgesBeforeReport: 3,
  nudgeWindowHours: 24,
  /**
   * a new boost starts at least this long after the previous one started: one boost a day, like the
   * daily super like, so putting oneself first in everyone's deck stays the exception it is meant
   * to be (boosts chained back to back would keep a member on top for good)
   */
  boostCooldownHours: 24,
  /**
   * the gateway waits this long at most for messaging's check that a stored message's conversation
   * is still open (no block or unmatch answered since) before it pushes `new_message`; past it, or
   * when the check fails, the message is pushed anyway: a rare push racing an end is better than a
   * message between matched members never pushed, or every other pair's pushes held behind it
   */
  messagePushCheckMs: 1_500,
  /**
   * the gateway waits this long at most for messaging to close an ended match's conversation before
   * it tells the members of the end (past it, or when messaging fails, it tells them anyway)
   */
  matchEndCloseWaitMs: 1_500,
  /**
   * a closing gateway waits this long at most for its HTTP connections to finish their answers; then
   * it cuts those still open (a client not reading its answer) and goes on closing, well within
   * Kubernetes' 30 s grace period
   */
  httpDrainMs: 10_000,
} as const;


/**
 * The card swipe per device class (spec §9): a drag past `distancePx`, or a flick faster than
 * `velocity` (px per ms), decides like (right) or pass (left); the card turns up to
 * `maxRotationDeg` while dragged.
 */
export const SWIPE_GESTURES = {
  mobile: { distancePx: 70, velocity: 0.4, maxRotationDeg: 12 },
  tablet: { distancePx: 90, velocity: 0.6, maxRotationDeg: 15 },
  desktop: { distancePx: 100, velocity: 0.8, maxRotationDeg: 18 },
} as const;
export type DeviceClass = keyof typeof SWIPE_GESTURES;

export const USER_TYPES = ['airline', 'general'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** `airline_employee` is accepted and treated as airline staff (spec §1). */
export const ACCEPTED_USER_TYPES = ['airline', 'airline_employee', 'general'] as const;
export const isAirline = (t: string | null | undefined) => t === 'airline' || t === 'airline_employee';
/**
 * Whether a member may set their account type to `requested` (PATCH /api/users/me): the type is
 * chosen, and changed, until the profile is complete (spec §2 /welcome); after that only the type
 * they have is accepted (again).
 */
export const userTypeChangeAllowed = (current: string | null, requested: string, profileCompleted: boolean): boolean =>
  !profileCompleted || !current || isAirline(current) === isAirline(requested);

export const SUBSCRIPTION_STATUSES = ['inactive', 'incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
