/** Business limits shared by server and client. Values the spec leaves open are chosen here, once. */
export const PASSWORD_MIN = 6;
/** Not in the spec: argon2 hashes any length, but an unbounded input is a cheap denial of service. */
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 20;
/**
 * The spec refuses story text of 2 or fewer characters; its message ('at least 2 characters') was
 * a slip that refused `#a` while claiming it was long enough, so the message says 3.
 */
export const STORY_TEXT_MIN = 3;
/** Not shown in the spec: a long-form story still fits; anything larger is a paste accident. */
export const STORY_TEXT_MAX = 10_000;
export const STORY_HTML_MAX = 100_000;
/** A story has no title: its opening words, this many characters, stand for one (page, notifications). */
export const STORY_TITLE_LENGTH = 80;
export const POST_TAGS_MIN = 1;
export const POST_TAGS_MAX = 10;
export const MENTION_MAX = 128;
export const BIO_MAX = 500;
/**
 * Not in the spec: ids are UUIDs, tag names and space codes, far shorter; a longer one names
 * nothing, and is refused before any lookup.
 */
export const ID_MAX = 100;
/**
 * A keyset cursor as lists hand it out: base64 of a sort value and an id. The longest, a space
 * name of Telugu letters sorted A-Z, takes under 900 characters; longer is not one of ours.
 */
export const CURSOR_MAX = 2000;
/**
 * A REST `path` naming an item or a list (`problems/{id}/solutions/{id}/comments/{id}/replies`):
 * a few ids and words. A longer one names nothing, and is not even split into segments.
 */
export const ITEM_PATH_MAX = 1000;
/**
 * Not in the spec: how deeply rich text may nest its elements. The editor's deepest (a list in a
 * list, a quote, bold in italics) stays under 20; the HTML parser's time grows with depth × length,
 * so a stack of unclosed tags is refused rather than parsed.
 */
export const RICH_TEXT_DEPTH_MAX = 100;
/** The longest address SMTP carries (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX = 254;
/** Browsers and CDNs handle URLs up to about 2,000 characters; longer is a paste accident. */
export const URL_MAX = 2048;

export const DEFAULT_PAGE_SIZE = 20;
/** The largest page a GraphQL `first` gets (a larger one gets this many). */
export const MAX_PAGE_SIZE = 100;
/**
 * REST lists (001 §7): the spec's client asks for `results=1000` (tags, stories, chat and map
 * lists) and 100 when it names none (its default list size). A REST page holds up to 1000 rows in
 * one keyset query; GraphQL stays at MAX_PAGE_SIZE, where a page's children multiply its cost.
 */
export const REST_PAGE_SIZE_MAX = 1000;
export const REST_DEFAULT_PAGE_SIZE = 100;

export const TOAST_MS = 5000;
export const BACK_ONLINE_MS = 2000;
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;

/** Rate limits (not in the spec; the issue names 10 failed sign-ins per 15 minutes). */
export const RATE_LIMITS = {
  // Failed sign-ins per account and address pair: guessing one account's password from one place.
  signInFailures: { max: 10, windowSeconds: 15 * 60 },
  // Per address, across accounts: ten times the pair's limit, so one person locking their own
  // account uses a tenth of a classroom's shared address, while a script spraying passwords over
  // many accounts from it gets 100 guesses an hour.
  signInFailuresPerAddress: { max: 100, windowSeconds: 60 * 60 },
  // Per account, across the addresses it has not signed in from lately (auth.service's signIn):
  // many addresses together get twice one address's tries, and the spec's "try again in 5
  // minutes" is the longest a stranger can keep the owner waiting at a new address.
  signInFailuresPerAccount: { max: 20, windowSeconds: 5 * 60 },
  // Accounts created per address: a workshop of 50 signs up on one network within the hour; a
  // script gets 50 unverified accounts an hour per address.
  signUp: { max: 50, windowSeconds: 60 * 60 },
  // Sign-ins with the OpenID provider per address, the start and the return each counted: a
  // class of 60 on one school's address signs in within the quarter hour, while a script gets at
  // most 60 returns (each costs this server a token request to the provider) a quarter hour from
  // one address. Accounts it creates also count against signUp.
  oidc: { max: 120, windowSeconds: 15 * 60 },
  emailSend: { max: 5, windowSeconds: 15 * 60 },
  storyCreate: { max: 30, windowSeconds: 10 * 60 },
  // Posting limits per person: far above what anyone writes by hand, low enough to stop a script.
  problemCreate: { max: 50, windowSeconds: 60 * 60 },
  solutionCreate: { max: 50, windowSeconds: 60 * 60 },
  skillCreate: { max: 30, windowSeconds: 60 * 60 },
  spaceCreate: { max: 20, windowSeconds: 60 * 60 },
  // Maps made per person (created, copied or imported): a workshop's worth an hour.
  mapCreate: { max: 60, windowSeconds: 60 * 60 },
  // Comments and replies per person: a lively discussion stays far below one every ten seconds.
  commentCreate: { max: 60, windowSeconds: 10 * 60 },

  // Writes that reach other people's attention, per person. Each is far above what a person
  // does by hand and stops a script's flood early. "Per recipient" limits count one person's
  // writes to one other person, so a flood aimed at a victim stops while the actor's other
  // writes go on.
  // Chat messages sent or edited, across conversations: a lively conversation runs 20 a minute;
  // a script stops at the 31st in its minute, and at 300 in the hour (each adds to every
  // member's unread count).
  chatMessage: { max: 30, windowSeconds: 60 },
  chatMessageHourly: { max: 300, windowSeconds: 60 * 60 },
  // Reactions to chat messages: every member with the conversation open sees each one at once.
  chatReaction: { max: 30, windowSeconds: 60 },
  // Direct chats opened with someone one never talked to: tighter than messages in an existing
  // chat, as each lands in a stranger's list. Ten new people an hour is a busy meetup.
  chatNewDirect: { max: 10, windowSeconds: 60 * 60 },
  chatNewDirectDaily: { max: 30, windowSeconds: 24 * 60 * 60 },
  // Model listings per person (each asks a provider, checking a key): the wizard asks once per
  // key typed, so 30 in ten minutes is many tries; a script cannot use the server to probe keys.
  aiModels: { max: 30, windowSeconds: 10 * 60 },
  // Calls to an AI provider through the helpers (identify, chat, analytics, transcription), each
  // spending the person's own key: three a minute is brisk use, a loop is stopped early.
  aiCall: { max: 30, windowSeconds: 10 * 60 },
  // Groups and channels created: a facilitator setting up a group per team of a workshop.
  chatConversationCreate: { max: 20, windowSeconds: 60 * 60 },
  // People added to groups and channels (at creation or later), each counted: a class of 40
  // added twice in an hour fits.
  chatMembersAdded: { max: 100, windowSeconds: 60 * 60 },
  // One person added by the same person to conversations, per recipient: a few new groups with
  // a colleague a day; the 6th group a victim is pulled into in a day is refused.
  chatMemberAddedPerRecipient: { max: 5, windowSeconds: 24 * 60 * 60 },
  // Stripe Checkout sessions and customer-portal links opened per person (each is a call to
  // Stripe): trying every plan twice and coming back stays far under; a loop stops early.
  billingCheckout: { max: 20, windowSeconds: 60 * 60 },
  billingPortal: { max: 30, windowSeconds: 60 * 60 },
  // Reports: reporting a spam wave by hand stays under; moderators' queue is not a script's.
  reportCreate: { max: 20, windowSeconds: 60 * 60 },
  // @mention notifications one person's comments give another, per recipient. Past this the
  // comment is still posted and shows the mention, but notifies no more (see docs/security.md).
  mentionNotify: { max: 5, windowSeconds: 60 * 60 },
  // Alerts one problem sends its tags' followers (per problem): its first listing, and twice
  // more a day when it is unpublished and published again. Past this, publishing alerts nobody.
  problemAlert: { max: 3, windowSeconds: 24 * 60 * 60 },
  // Space invitations: people invited (each counted), and one person invited by the same person
  // to spaces (re-invited after declining), per recipient.
  spaceInvitees: { max: 100, windowSeconds: 60 * 60 },
  spaceInvitePerRecipient: { max: 5, windowSeconds: 24 * 60 * 60 },
  // Requests to join private spaces (each tells the owners): per person, and per space (asking
  // again after a refusal).
  accessRequest: { max: 10, windowSeconds: 60 * 60 },
  accessRequestPerSpace: { max: 3, windowSeconds: 24 * 60 * 60 },
  // Following people (each follow notifies): per person, and per followee (follow, unfollow,
  // follow again re-notifies).
  userFollow: { max: 50, windowSeconds: 60 * 60 },
  userFollowPerRecipient: { max: 3, windowSeconds: 24 * 60 * 60 },
  // Reactions on posts and comments and votes on solutions: per person, and per item (taking a
  // reaction back and giving it again notifies the author again).
  reaction: { max: 300, windowSeconds: 60 * 60 },
  reactionPerItem: { max: 5, windowSeconds: 60 * 60 },
  vote: { max: 200, windowSeconds: 60 * 60 },
  votePerItem: { max: 5, windowSeconds: 60 * 60 },
  // Problem status changes (each notifies the problem's participants and is kept in its
  // history): a kanban session moves many cards, one card a few times.
  problemStatus: { max: 100, windowSeconds: 60 * 60 },
  problemStatusPerProblem: { max: 10, windowSeconds: 60 * 60 },

  // Writes that only cost storage (or shared lists), per person.
  // A problem's parts and measurements together: a workshop logging for an hour stays under.
  problemDetailAdd: { max: 100, windowSeconds: 60 * 60 },
  // Tags registered from the add-tags dialog: they join everyone's autocomplete.
  tagAdd: { max: 30, windowSeconds: 60 * 60 },
  // Browsers registered for Web Push: each is pushed every notification.
  pushSubscribe: { max: 20, windowSeconds: 24 * 60 * 60 },
  // Map saves (each replaces up to a request's size and reloads every open viewer): Save every
  // 30 seconds for an hour.
  mapSave: { max: 120, windowSeconds: 60 * 60 },
  // Files started per person (tus): a 10-minute recording is 20 chunks of 30 s, a post takes 5
  // files, so a recording and several full posts in one hour stay under 60; a script sending
  // files nobody attaches stops at the 61st.
  uploadCreate: { max: 60, windowSeconds: 60 * 60 },
  // Chat images per person: ten messages of five photos an hour; a script stops at the 51st.
  chatImageUpload: { max: 50, windowSeconds: 60 * 60 },
  // Sessions signed out from /settings/account (one, or all others at once), per acting session:
  // each ends sockets on every process. Counted per session, not per person, so an intruder's
  // session using up its tries never stops the owner signing it out.
  sessionSignOut: { max: 30, windowSeconds: 10 * 60 },
} as const;

/**
 * Bytes a person may store per day (post files and chat images, counted when started): ten files
 * of the largest size, so a day of long recordings fits, while a script sending 1 GB files stops
 * after ten. Files removed since (deleted posts, swept uploads) no longer count.
 */
export const UPLOAD_BYTES_PER_DAY = 10 * 1024 ** 3;

/** How long the links in e-mails stay valid. */
export const VERIFY_TOKEN_HOURS = 48;
export const RESET_TOKEN_HOURS = 1;

/** The largest request body or websocket message; MESSAGES.bodyTooLarge names it. */
export const REQUEST_MAX_BYTES = 1024 * 1024;

/**
 * What one GraphQL document may ask for, over HTTP and websockets alike; a document past a limit is
 * refused before it runs. Measured here: the client's largest operation has 131 tokens, depth 4 and
 * 53 selections with its fragments expanded; graphql's full introspection query (GraphiQL, codegen)
 * 184 tokens, depth 15 and 240 selections.
 */
export const GRAPHQL_LIMITS = {
  /** Counted while parsing: validation then costs milliseconds even on graphql's slowest rule. */
  maxTokens: 1000,
  maxDepth: 15,
  /** Aliases, directives and selections count every fragment spread as the fragment's contents. */
  maxAliases: 30,
  maxDirectives: 50,
  maxSelections: 2000,
  /** Fields, each page-sized field (`first`) counting its children that many times. */
  maxCost: 5000,
} as const;

/**
 * Operations open at once over websockets (subscriptions, and queries still running): the app's
 * pages hold fewer than ten per tab, so only a script reaches these. Per person counts all of
 * their sockets served by this process.
 */
export const SOCKET_OPERATION_LIMITS = { perSocket: 100, perPerson: 200 } as const;
