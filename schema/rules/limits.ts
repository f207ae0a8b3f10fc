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
export const POST_TAGS_MIN = 1;
export const POST_TAGS_MAX = 10;
export const MENTION_MAX = 128;
export const BIO_MAX = 500;
/** Browsers and CDNs handle URLs up to about 2,000 characters; longer is a paste accident. */
export const URL_MAX = 2048;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

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
  // Accounts created per address: a workshop of 50 signs up on one network within the hour; a
  // script gets 50 unverified accounts an hour per address.
  signUp: { max: 50, windowSeconds: 60 * 60 },
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
} as const;

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
