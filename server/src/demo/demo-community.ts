/**
 * The demo community that `npm run seed:demo` builds: people, spaces, problems, solutions, skills
 * and stories, as plain data. `build-demo.ts` walks it in order through the real services.
 * A feature that adds something people can do adds its part here, so a newcomer sees it working.
 */
import type {
  API_TOKEN_DAY_CHOICES,
  AiProvider,
  ApiScope,
  AppLang,
  GraphType,
  LinkType,
  MapSettings,
  MapType,
  ProblemPartType,
  ProblemStatus,
  ReactionKind,
} from '@rules';

/** Every demo account signs in with this password (printed by the command). */
export const DEMO_PASSWORD = 'demo-password';

export type PersonKey =
  | 'asha'
  | 'ravi'
  | 'lakshmi'
  | 'amina'
  | 'daniel'
  | 'maria'
  | 'tom'
  | 'priya'
  | 'cleanstreets'
  | 'kiran'
  | 'meera';

export interface DemoPerson {
  key: PersonKey;
  email: string;
  displayName: string;
  role: 'person' | 'org';
  appLang: AppLang;
  bio: string;
  profileTags: string[];
  /** Tags whose stories make the person's following feed. */
  follows: string[];
  /** Problem alerts: tags of new problems the person wants to hear about. */
  alerts: string[];
  /** Spaces visited, in order; the last one is where the person lands after signing in. */
  visits: SpaceKey[];
  favorites: SpaceKey[];
  /** Joined problems in the order the person ranks them (their priorities). */
  priorities: ProblemKey[];
  /** What signing in as this person shows, for the command's printout. */
  shows: string;
}

/** The built-in spaces by id, and the demo's private spaces by key. */
export type SpaceKey = 'ww' | 'in' | 'ke' | 'ward12' | 'riverside';
export type PrivateSpaceKey = Extract<SpaceKey, 'ward12' | 'riverside'>;

export interface DemoPrivateSpace {
  key: PrivateSpaceKey;
  owner: PersonKey;
  name: string;
  description: string;
  admins: PersonKey[];
  contributors: PersonKey[];
  /** Asked to join and still waiting for an owner or admin. */
  requested: PersonKey[];
  /** Invited and not yet answered (sent at the end, once the invitee has signed up). */
  invited: PersonKey[];
}

export type ProblemKey =
  | 'drains'
  | 'clinics'
  | 'busRoute'
  | 'handPump'
  | 'streetLights'
  | 'potholes'
  | 'tapWater'
  | 'marketWaste'
  | 'crossing';

export interface DemoPart {
  by: PersonKey;
  type: ProblemPartType;
  name: string;
  description: string;
  attributes: { name: string; value: string }[];
}

export interface DemoMeasurement {
  by: PersonKey;
  name: string;
  value: number;
  unit: string;
  note?: string;
  /** When it was measured, in days before the seed runs (the service takes a past date). */
  daysAgo: number;
}

export interface DemoProblem {
  key: ProblemKey;
  by: PersonKey;
  space: SpaceKey;
  name: string;
  description: string;
  /** Joined after it was posted (the author is its first member already). */
  joined: PersonKey[];
  /** Status changes in order, each by the author or a member; the first starts from 'unsolved'. */
  statuses: { by: PersonKey; to: ProblemStatus }[];
  parts: DemoPart[];
  measurements: DemoMeasurement[];
  /** Members who joined and left again through the Leave wizard. */
  left: { by: PersonKey; emoji: string; comment: string }[];
  media?: readonly DemoMedia[];
}

export type SolutionKey =
  | 'meshGuards'
  | 'paperBags'
  | 'smsSurvey'
  | 'washerKit'
  | 'jointLetter'
  | 'coldMix'
  | 'rainwater'
  | 'compost'
  | 'crossingGuards'
  | 'oneNumber';

export interface DemoSolution {
  key: SolutionKey;
  by: PersonKey;
  /** Posted under this problem (and so in its space)... */
  problem?: ProblemKey;
  /** ...or on its own in this space. */
  space?: SpaceKey;
  name: string;
  description: string;
  /** Linked afterwards to more problems of its space, by a reader. */
  links?: { by: PersonKey; problems: ProblemKey[] };
  /** Readers' votes, some with feedback for the author (authors never vote on their own). */
  votes?: DemoVote[];
}

export interface DemoVote {
  by: PersonKey;
  direction: 'up' | 'down';
  feedback?: string;
}

export interface DemoSkill {
  by: PersonKey;
  /** Skills are listed per space, so each space people land in offers some. */
  space: SpaceKey;
  name: string;
  description: string;
  members: PersonKey[];
}

interface DemoStoryText {
  by: PersonKey;
  html: string;
  isDraft?: boolean;
  /** Waits for approval: shows only in its author's /anonymous/stories. */
  isAnonymousPost?: boolean;
  media?: readonly DemoMedia[];
}

/** Pictures the demo draws in code (demo-media.ts). */
export type DemoPicture = 'drain' | 'pump' | 'map';
/** Recordings the demo makes in code, each with its transcript (demo-media.ts). */
export type DemoRecording = 'tap';
/**
 * A demo post's attachment: a drawn picture or a made recording, uploaded by the post's author,
 * or a YouTube link.
 */
export type DemoMedia =
  { picture: DemoPicture } | { recording: DemoRecording } | { youtubeUrl: string };

/** A story in a space's feed, or on a problem (its Stories tab, in the problem's space). */
export type DemoStory = DemoStoryText & ({ space: SpaceKey } | { problem: ProblemKey });

const email = (name: string) => `${name}@example.org`;

// ---------------------------------------------------------------------------------------------
// People. The newcomer (Meera) is last: the seed creates her account last of all, which is how a
// later run knows an earlier one finished (see build-demo.ts).

export const PEOPLE: readonly DemoPerson[] = [
  {
    key: 'asha',
    email: email('asha'),
    displayName: 'Asha Rao',
    role: 'person',
    appLang: 'en',
    bio: 'Water engineer in Hyderabad. I measure what comes out of the tap so our ward committee can argue with numbers instead of rumours.',
    profileTags: ['water', 'hyderabad', 'data'],
    follows: ['water', 'flooding', 'health', 'data'],
    alerts: ['water', 'flooding'],
    visits: ['ww', 'in', 'ward12'],
    favorites: ['ward12', 'in'],
    priorities: ['tapWater', 'drains', 'clinics'],
    shows:
      'owner of the private Ward 12 Water Committee (opens in it): members, an invitation waiting, a problem with parts and measurements; her priorities; a personal access token (Settings, Apps and tokens); an AI config (My AI Configs)',
  },
  {
    key: 'ravi',
    email: email('ravi'),
    displayName: 'Ravi Kumar',
    role: 'person',
    appLang: 'te',
    bio: 'హైదరాబాద్‌లో ప్రభుత్వ పాఠశాల ఉపాధ్యాయుడు. రోడ్లు, బడులు, పిల్లల భద్రత గురించి పని చేస్తాను.',
    profileTags: ['schools', 'roads', 'telugu'],
    follows: ['roads', 'schools', 'రోడ్లు'],
    alerts: ['roads'],
    visits: ['ward12', 'ww', 'in'],
    favorites: ['in'],
    priorities: [],
    shows:
      'the app in Telugu; admin of Ward 12; Telugu posts and a Telugu problem in the India space',
  },
  {
    key: 'lakshmi',
    email: email('lakshmi'),
    displayName: 'Lakshmi Devi',
    role: 'person',
    appLang: 'te',
    bio: 'గుంటూరు జిల్లాలో ఆశా కార్యకర్త. గ్రామాల్లో ఆరోగ్యం, మందుల కొరత గురించి రాస్తాను.',
    profileTags: ['health', 'medicines', 'guntur'],
    follows: ['health', 'medicines', 'water'],
    alerts: ['health'],
    visits: ['ww', 'in'],
    favorites: [],
    priorities: ['clinics', 'tapWater', 'potholes'],
    shows: 'the app in Telugu; a health worker on the clinics problem; Ward 12 contributor',
  },
  {
    key: 'amina',
    email: email('amina'),
    displayName: 'Amina Wanjiru',
    role: 'person',
    appLang: 'en',
    bio: 'I organise a waste-pickers’ cooperative in Kisumu. Forty members, one shed, and a lot of plastic that should never have been mixed with food waste.',
    profileTags: ['waste', 'recycling', 'kisumu'],
    follows: ['waste', 'compost', 'recycling'],
    alerts: ['waste'],
    visits: ['ww', 'ke'],
    favorites: ['ke'],
    priorities: [],
    shows: 'the Kenya space: the market waste problem she is solving, a compost solution',
  },
  {
    key: 'daniel',
    email: email('daniel'),
    displayName: 'Daniel Otieno',
    role: 'person',
    appLang: 'en',
    bio: 'Civil engineer, Kisumu. Roads, culverts and drains: the boring things that decide whether an ambulance gets through after rain.',
    profileTags: ['roads', 'drainage', 'kisumu'],
    follows: ['roads', 'drainage', 'flooding'],
    alerts: ['roads', 'drainage'],
    visits: ['ww', 'ke'],
    favorites: [],
    priorities: [],
    shows: 'a problem taken from unsolved to archived, with its history; a problem he left',
  },
  {
    key: 'maria',
    email: email('maria'),
    displayName: 'Maria Santos',
    role: 'person',
    appLang: 'en',
    bio: 'Public health nurse. I visit rural clinics and write down what runs out, when, and who noticed first.',
    profileTags: ['health', 'clinics', 'medicines'],
    follows: ['health', 'medicines', 'schools'],
    alerts: ['health', 'medicines'],
    visits: ['ww', 'riverside'],
    favorites: ['riverside'],
    priorities: [],
    shows: 'the clinics problem she posted; admin of Riverside School Parents',
  },
  {
    key: 'tom',
    email: email('tom'),
    displayName: 'Tom Becker',
    role: 'person',
    appLang: 'en',
    bio: 'Volunteer mapper. Give me a phone and an afternoon and we will put every broken tap, light and drain on a map.',
    profileTags: ['maps', 'opendata', 'volunteering'],
    follows: ['maps', 'opendata', 'flooding', 'water'],
    alerts: ['flooding'],
    visits: ['ww'],
    favorites: [],
    priorities: ['drains', 'crossing', 'potholes', 'tapWater', 'streetLights'],
    shows: 'a member of several problems, parts and measurements he added, a solution he linked',
  },
  {
    key: 'priya',
    email: email('priya'),
    displayName: 'Priya Nair',
    role: 'person',
    appLang: 'en',
    bio: 'Primary school teacher in Bengaluru. If the children cannot get to school, nothing I plan for the lesson matters.',
    profileTags: ['schools', 'parents', 'roadsafety'],
    follows: ['schools', 'transport', 'roadsafety'],
    alerts: ['schools'],
    visits: ['ww', 'riverside'],
    favorites: ['riverside'],
    priorities: [],
    shows:
      'owner of the private Riverside School Parents (opens in it) with an access request waiting; a draft story; a solved problem',
  },
  {
    key: 'cleanstreets',
    email: email('cleanstreets'),
    displayName: 'Clean Streets Trust',
    role: 'org',
    appLang: 'en',
    bio: 'A non-profit that helps neighbourhoods run their own waste collection. We lend tools, train volunteers and publish what we learn, including what did not work.',
    profileTags: ['waste', 'recycling', 'volunteering'],
    follows: ['waste', 'flooding', 'volunteering'],
    alerts: ['waste'],
    visits: ['ww'],
    favorites: [],
    priorities: [],
    shows: 'an organisation account; the storm-drains problem in solving, with parts and members',
  },
  {
    key: 'kiran',
    email: email('kiran'),
    displayName: 'Kiran Reddy',
    role: 'person',
    appLang: 'en',
    bio: 'Parent of two at Riverside Primary. Learning how to get things fixed instead of just complaining about them.',
    profileTags: ['parents', 'bengaluru'],
    follows: ['water', 'schools'],
    alerts: [],
    visits: ['ww'],
    favorites: [],
    priorities: [],
    shows:
      'an anonymous story waiting for approval (/anonymous/stories); a request to join Riverside School Parents',
  },
  {
    key: 'meera',
    email: email('meera'),
    displayName: 'Meera Joshi',
    role: 'person',
    appLang: 'en',
    bio: 'Just moved to Hyderabad. Looking for neighbours who are already fixing things.',
    profileTags: ['newcomer', 'hyderabad'],
    follows: ['water', 'schools', 'health', 'waste'],
    alerts: ['water'],
    visits: ['ww'],
    favorites: [],
    priorities: [],
    shows:
      'a newcomer: the global feed, the following feed, problem alerts, and an invitation to Ward 12 to accept',
  },
];

/**
 * Who follows whom (follower, followee): the profiles' follower counts, their followers dialogs
 * and each person's /following page. The newcomer follows nobody yet.
 */
export const PERSON_FOLLOWS: readonly (readonly [PersonKey, PersonKey])[] = [
  ['asha', 'ravi'],
  ['asha', 'cleanstreets'],
  ['asha', 'amina'],
  ['ravi', 'asha'],
  ['ravi', 'lakshmi'],
  ['lakshmi', 'asha'],
  ['lakshmi', 'ravi'],
  ['amina', 'daniel'],
  ['amina', 'maria'],
  ['daniel', 'amina'],
  ['maria', 'amina'],
  ['maria', 'cleanstreets'],
  ['tom', 'cleanstreets'],
  ['tom', 'priya'],
  ['priya', 'tom'],
  ['priya', 'asha'],
  ['kiran', 'ravi'],
  ['kiran', 'cleanstreets'],
];

export interface DemoApiToken {
  by: PersonKey;
  name: string;
  scopes: ApiScope[];
  /** Days until it expires, one of the choices the settings page offers. */
  days: (typeof API_TOKEN_DAY_CHOICES)[number];
}

/**
 * Personal access tokens, made as a person makes them on /settings/extensions, so that page lists
 * one. A token shows only once, when it is made: the seed keeps none, so these open nothing.
 */
export const API_TOKENS: readonly DemoApiToken[] = [
  { by: 'asha', name: 'Weekly digest script', scopes: ['read'], days: 90 },
];

export interface DemoAiConfig {
  by: PersonKey;
  provider: AiProvider;
  model: string;
  name: string;
  description: string;
}

/**
 * The premium demo person (issue 28): Asha holds the Problem Solving Pro plan, yearly, written
 * directly (no Stripe call), so the user menu shows the plan and her allowances are premium.
 */
export const PREMIUM_DEMO = { by: 'asha', plan: 'pro', interval: 'year', days: 200 } as const;

/**
 * AI configs, saved as on /settings/ai so a newcomer sees that page filled. Their key is a
 * placeholder (encrypted like any other): a call with it is refused by the provider, politely.
 */
export const AI_CONFIGS: readonly DemoAiConfig[] = [
  {
    by: 'asha',
    provider: 'groq',
    model: 'llama-3.3-70b-versatile',
    name: 'Workshop helper',
    description: 'Finds problems and solutions in what the ward writes',
  },
];
/**
 * A problem's AI analysis as a run of the helpers would leave it (the placeholder key reaches no
 * provider, so the seed stores the run itself), with one item published through the normal
 * service.
 */
export interface DemoAiResult {
  by: PersonKey;
  problem: ProblemKey;
  items: { name: string; description: string; partType: ProblemPartType }[];
  publish: readonly string[];
}

export const AI_RESULTS: readonly DemoAiResult[] = [
  {
    by: 'asha',
    problem: 'tapWater',
    items: [
      {
        name: 'Households without a sump',
        description:
          'Families who store water only in pots and buckets lose most of a supply that comes late at night.',
        partType: 'stakeholder',
      },
      {
        name: 'Water board lineman',
        description: 'Opens the valves for the ward; his round decides when the water arrives.',
        partType: 'stakeholder',
      },
      {
        name: 'Valve opening round',
        description: 'The order in which the lines of the ward are opened each morning.',
        partType: 'process',
      },
    ],
    publish: ['Valve opening round'],
  },
];

/**
 * An AI chat with a short stored exchange, so /aichat shows a conversation (the placeholder key
 * answers no new message: it fails politely).
 */
export const AI_CHATS: readonly { by: PersonKey; name: string; exchange: readonly string[] }[] = [
  {
    by: 'asha',
    name: 'Ward 12 leaks',
    exchange: [
      'Which of our problems should the committee fix first?',
      'Start with the leaking main on Station Road: it wastes the most water and every household on the street shares it.\n\nThen log the low-pressure hours, so the next meeting with the board has numbers.',
    ],
  },
];

/** The demo's placeholder key: not a real one. */
export const DEMO_AI_KEY = 'gsk_placeholder_not_a_real_key_DEMO';

// ---------------------------------------------------------------------------------------------
// Private spaces

export const PRIVATE_SPACES: readonly DemoPrivateSpace[] = [
  {
    key: 'ward12',
    owner: 'asha',
    name: 'Ward 12 Water Committee',
    description:
      'Residents of Ward 12, Hyderabad, logging tap-water supply and fixing leaks together. Members only while we collect household data.',
    admins: ['ravi'],
    contributors: ['lakshmi', 'tom'],
    requested: [],
    invited: ['meera'],
  },
  {
    key: 'riverside',
    owner: 'priya',
    name: 'Riverside School Parents',
    description:
      'Parents and teachers of Riverside Primary, Bengaluru: safe routes to school, the bus, and the midday meal.',
    admins: ['maria'],
    contributors: ['ravi', 'tom'],
    requested: ['kiran'],
    invited: [],
  },
];

// ---------------------------------------------------------------------------------------------
// Problems

export const PROBLEMS: readonly DemoProblem[] = [
  {
    key: 'drains',
    by: 'cleanstreets',
    space: 'ww',
    name: 'Plastic waste blocks storm drains before the monsoon',
    media: [{ picture: 'drain' }, { youtubeUrl: 'https://www.youtube.com/watch?v=jNQXAC9IVRw' }],
    description:
      '<p>Every year the first heavy rain floods the same streets, because the drain inlets are packed with plastic bags and food wrappers. The crew clears them once a month; they fill up again within a week.</p><p>We want fewer blocked inlets on the day the monsoon arrives. #waste #flooding</p>',
    joined: ['tom', 'amina', 'asha', 'daniel'],
    statuses: [{ by: 'tom', to: 'solving' }],
    parts: [
      {
        by: 'cleanstreets',
        type: 'stakeholder',
        name: 'Municipal sanitation crew',
        description: 'Clears the inlets on a monthly round; has no budget for extra rounds.',
        attributes: [
          { name: 'Crew size', value: '6 per ward' },
          { name: 'Shift', value: '6 am – 2 pm' },
        ],
      },
      {
        by: 'cleanstreets',
        type: 'stakeholder',
        name: 'Street food vendors',
        description: 'Hand out most of the thin plastic bags found in the drains.',
        attributes: [
          { name: 'Vendors on the main road', value: 'about 40' },
          { name: 'Bags handed out a day', value: '200 or more' },
        ],
      },
      {
        by: 'tom',
        type: 'thing',
        name: 'Storm drain inlets',
        description: 'Street-level grates that take rainwater into the covered drain.',
        attributes: [
          { name: 'Inlets in the ward', value: '140' },
          { name: 'Cleared', value: 'once a month' },
        ],
      },
      {
        by: 'tom',
        type: 'process',
        name: 'Pre-monsoon clean-up',
        description:
          'Volunteers and the crew sweep every inlet on the last three Saturdays in May.',
        attributes: [{ name: 'Who', value: 'volunteers with the crew' }],
      },
    ],
    measurements: [
      { by: 'tom', name: 'Blocked inlets after rain', value: 38, unit: 'inlets', daysAgo: 28 },
      { by: 'tom', name: 'Blocked inlets after rain', value: 31, unit: 'inlets', daysAgo: 21 },
      {
        by: 'cleanstreets',
        name: 'Blocked inlets after rain',
        value: 27,
        unit: 'inlets',
        note: 'Mesh guards on the first 20 inlets',
        daysAgo: 14,
      },
      { by: 'tom', name: 'Blocked inlets after rain', value: 21, unit: 'inlets', daysAgo: 3 },
    ],
    left: [
      {
        by: 'daniel',
        emoji: '👋',
        comment: 'Moving to the Kisumu drainage work for a while. The guards look promising!',
      },
    ],
  },
  {
    key: 'clinics',
    by: 'maria',
    space: 'ww',
    name: 'Rural clinics run out of basic medicines by mid-month',
    description:
      '<p>Primary health centres receive their medicine stock once a month. Paracetamol, ORS and iron tablets run out by the middle of the month, and patients are sent to private pharmacies they cannot afford.</p><p>The stock is ordered from last year’s numbers, not from what the health workers see. #health #medicines</p>',
    joined: ['lakshmi', 'asha'],
    statuses: [],
    parts: [
      {
        by: 'maria',
        type: 'stakeholder',
        name: 'Community health workers',
        description: 'See every shortage first, in the villages, and report it on paper.',
        attributes: [
          { name: 'Per health centre', value: '12' },
          { name: 'Report', value: 'monthly paper form' },
        ],
      },
      {
        by: 'maria',
        type: 'thing',
        name: 'Monthly stock delivery',
        description: 'One van from the district store.',
        attributes: [{ name: 'Arrives', value: 'between the 1st and the 3rd' }],
      },
      {
        by: 'lakshmi',
        type: 'process',
        name: 'Stock indent',
        description: 'How much of each medicine the centre asks for.',
        attributes: [{ name: 'Based on', value: 'last year’s use' }],
      },
    ],
    measurements: [
      { by: 'maria', name: 'Day ORS ran out', value: 18, unit: 'day of month', daysAgo: 40 },
      {
        by: 'lakshmi',
        name: 'Day ORS ran out',
        value: 14,
        unit: 'day of month',
        note: 'Heat came early',
        daysAgo: 9,
      },
    ],
    left: [],
  },
  {
    key: 'busRoute',
    by: 'priya',
    space: 'ww',
    name: 'Children miss school when the bus route is cancelled',
    description:
      '<p>The school bus route was cancelled without notice and twelve children in one class missed three days. Parents heard about it at the bus stop. #schools #transport</p>',
    joined: ['kiran'],
    statuses: [
      { by: 'priya', to: 'solving' },
      { by: 'priya', to: 'solved' },
    ],
    parts: [
      {
        by: 'priya',
        type: 'stakeholder',
        name: 'Parents',
        description: 'Most work early shifts and cannot walk the children.',
        attributes: [{ name: 'Families affected', value: '31' }],
      },
      {
        by: 'priya',
        type: 'process',
        name: 'Route changes',
        description: 'The transport office changes routes without telling the school.',
        attributes: [{ name: 'Notice given', value: 'none' }],
      },
    ],
    measurements: [
      { by: 'priya', name: 'Children absent', value: 12, unit: 'children', daysAgo: 20 },
      {
        by: 'priya',
        name: 'Children absent',
        value: 1,
        unit: 'children',
        note: 'Route back',
        daysAgo: 6,
      },
    ],
    left: [],
  },
  {
    key: 'handPump',
    by: 'daniel',
    space: 'ke',
    name: 'Broken hand pump at the Nyalenda village school',
    media: [{ picture: 'pump' }],
    description:
      '<p>The only hand pump at the school broke in the dry season. Children carried water from a stream 800 m away. #water #repair</p>',
    joined: ['amina'],
    statuses: [
      { by: 'daniel', to: 'solving' },
      { by: 'daniel', to: 'solved' },
      { by: 'daniel', to: 'archived' },
    ],
    parts: [
      {
        by: 'daniel',
        type: 'thing',
        name: 'India Mark II hand pump',
        description: 'Installed 2011; the cup seal and the washer were worn through.',
        attributes: [{ name: 'Depth', value: '35 m' }],
      },
      {
        by: 'daniel',
        type: 'stakeholder',
        name: 'School caretakers',
        description: 'Two caretakers, now trained to change the washer kit.',
        attributes: [],
      },
    ],
    measurements: [
      { by: 'daniel', name: 'Litres pumped a minute', value: 0, unit: 'l/min', daysAgo: 35 },
      {
        by: 'daniel',
        name: 'Litres pumped a minute',
        value: 14,
        unit: 'l/min',
        note: 'After the repair',
        daysAgo: 25,
      },
    ],
    left: [],
  },
  {
    key: 'streetLights',
    by: 'tom',
    space: 'ww',
    name: 'Street lights out on the walk to the bus stop',
    description:
      '<p>Seven of the eleven lights between the market and the bus stop are out. Women coming back from the late shift walk the road in the dark. Is it the bulbs or the cable? #streetlights #safety</p>',
    joined: [],
    statuses: [{ by: 'tom', to: 'proposed' }],
    parts: [
      {
        by: 'tom',
        type: 'thing',
        name: 'Street lights',
        description: 'Poles numbered 14 to 24 on the market road.',
        attributes: [
          { name: 'Working', value: '4 of 11' },
          { name: 'Reported to the council', value: 'twice' },
        ],
      },
    ],
    measurements: [],
    left: [],
  },
  {
    key: 'potholes',
    by: 'ravi',
    space: 'in',
    name: 'రామంతాపూర్ బడి రోడ్డుపై గుంతలు',
    description:
      '<p>బడికి వెళ్ళే రోడ్డుపై పదిహేడు పెద్ద గుంతలు ఉన్నాయి. వర్షం పడితే పిల్లలు సైకిళ్ళు తోసుకుంటూ నడవాల్సి వస్తోంది. #రోడ్లు #roads #schools</p>',
    joined: ['lakshmi', 'tom'],
    statuses: [{ by: 'ravi', to: 'solving' }],
    parts: [
      {
        by: 'ravi',
        type: 'thing',
        name: 'బడి రోడ్డు',
        description: 'ప్రధాన రహదారి నుండి బడి వరకు 600 మీటర్లు.',
        attributes: [
          { name: 'పొడవు', value: '600 మీ' },
          { name: 'గుంతలు', value: '17' },
        ],
      },
      {
        by: 'tom',
        type: 'stakeholder',
        name: 'Ward engineer',
        description: 'Signs off on any patching done by volunteers.',
        attributes: [{ name: 'Office hours', value: 'Tue and Thu mornings' }],
      },
    ],
    measurements: [
      { by: 'ravi', name: 'గుంతలు', value: 17, unit: '', daysAgo: 15 },
      { by: 'ravi', name: 'గుంతలు', value: 11, unit: '', daysAgo: 2 },
    ],
    left: [],
  },
  {
    key: 'tapWater',
    by: 'asha',
    space: 'ward12',
    name: 'Tap water comes only five hours a week',
    description:
      '<p>Supply in Ward 12 has fallen from seven hours a week to five and a half, and the pressure is too low to reach first floors. Families buy tanker water at ₹600 a load. #water #supplylog</p>',
    joined: ['ravi', 'lakshmi', 'tom'],
    statuses: [],
    parts: [
      {
        by: 'asha',
        type: 'stakeholder',
        name: 'Households of Ward 12',
        description: 'Log their supply hours every day on the shared sheet.',
        attributes: [
          { name: 'Homes', value: '52' },
          { name: 'Reporting', value: '38' },
        ],
      },
      {
        by: 'asha',
        type: 'thing',
        name: 'Overhead tank at the ward office',
        description: 'Feeds the ward twice a week.',
        attributes: [{ name: 'Capacity', value: '200,000 litres' }],
      },
      {
        by: 'ravi',
        type: 'process',
        name: 'Valve schedule',
        description: 'The lineman opens the ward valve by hand; nobody publishes the times.',
        attributes: [{ name: 'Days', value: 'Tuesday and Friday' }],
      },
    ],
    measurements: [
      { by: 'asha', name: 'Supply hours a week', value: 7, unit: 'hours', daysAgo: 27 },
      { by: 'asha', name: 'Supply hours a week', value: 6.5, unit: 'hours', daysAgo: 20 },
      { by: 'lakshmi', name: 'Supply hours a week', value: 6, unit: 'hours', daysAgo: 13 },
      {
        by: 'asha',
        name: 'Supply hours a week',
        value: 5.5,
        unit: 'hours',
        note: '38 of 52 homes reported',
        daysAgo: 6,
      },
    ],
    left: [],
  },
  {
    key: 'marketWaste',
    by: 'amina',
    space: 'ke',
    name: 'Kisumu market waste is burned in the open every evening',
    description:
      '<p>At 5 pm the traders burn the day’s waste next to the food stalls. Half of it is vegetable peel that could be compost; the rest is plastic that should never be burned. #waste #airquality #kisumu</p>',
    joined: ['daniel'],
    statuses: [{ by: 'amina', to: 'solving' }],
    parts: [
      {
        by: 'amina',
        type: 'stakeholder',
        name: 'Market traders',
        description: 'Burn the waste because nobody collects it after 4 pm.',
        attributes: [{ name: 'Stalls', value: 'about 300' }],
      },
      {
        by: 'amina',
        type: 'process',
        name: 'Evening burning',
        description: 'A pile behind the fish section, lit every day.',
        attributes: [{ name: 'Time', value: '5 pm' }],
      },
    ],
    measurements: [
      {
        by: 'amina',
        name: 'Organic share of the waste',
        value: 52,
        unit: '%',
        note: 'Sorted one evening’s pile',
        daysAgo: 10,
      },
    ],
    left: [],
  },
  {
    key: 'crossing',
    by: 'priya',
    space: 'riverside',
    name: 'Unsafe crossing outside Riverside Primary',
    description:
      '<p>Cars do not slow down at the school gate, and there is no zebra crossing. Two near misses this term. #schools #roadsafety</p>',
    joined: ['maria', 'tom'],
    statuses: [],
    parts: [
      {
        by: 'priya',
        type: 'thing',
        name: 'School gate road',
        description: 'A two-lane road, 40 km/h limit, no markings.',
        attributes: [{ name: 'Cars at 8 am', value: 'about 120 in 15 min' }],
      },
    ],
    measurements: [{ by: 'tom', name: 'Cars at 8:00–8:15', value: 118, unit: 'cars', daysAgo: 8 }],
    left: [],
  },
];

// ---------------------------------------------------------------------------------------------
// Solutions

export const SOLUTIONS: readonly DemoSolution[] = [
  {
    key: 'meshGuards',
    by: 'tom',
    problem: 'drains',
    name: 'Mesh guards on drain inlets, swept weekly',
    description:
      '<p>A steel mesh over each inlet catches the plastic on the street, where a volunteer can sweep it up in a minute, instead of inside the drain. Twenty guards cost less than one emergency clean-out. #flooding #waste</p>',
    votes: [
      {
        by: 'amina',
        direction: 'up',
        feedback: 'We tried two guards on our lane: far less plastic in the drain.',
      },
      { by: 'daniel', direction: 'up' },
      { by: 'kiran', direction: 'down', feedback: 'Who sweeps them when the volunteers are away?' },
    ],
  },
  {
    key: 'paperBags',
    by: 'amina',
    problem: 'drains',
    name: 'Paper bags for street food vendors',
    description:
      '<p>Buy paper bags in bulk for the vendors on the main road for one month and see whether they keep using them. Ask the vendors’ association to share the cost from the second month. #waste</p>',
    votes: [
      { by: 'tom', direction: 'up' },
      { by: 'ravi', direction: 'up', feedback: 'The vendors near our school would join.' },
    ],
  },
  {
    key: 'smsSurvey',
    by: 'maria',
    problem: 'clinics',
    name: 'Monthly SMS stock survey by health workers',
    description:
      '<p>Five questions by SMS on the 10th of every month: which medicines are left and for how many days. The answers go to the district store before it plans the next delivery. #health #medicines #data</p>',
    votes: [{ by: 'lakshmi', direction: 'up', feedback: 'Simple enough for every health worker.' }],
  },
  {
    key: 'washerKit',
    by: 'daniel',
    problem: 'handPump',
    name: 'Replacement washer kit and two trained caretakers',
    description:
      '<p>A spare washer kit costs less than a day’s wages. We replaced the cup seal and taught the two caretakers to do it themselves next time. #water #repair</p>',
    votes: [
      { by: 'amina', direction: 'up' },
      { by: 'maria', direction: 'up', feedback: 'Training the caretakers is the important part.' },
    ],
  },
  {
    key: 'jointLetter',
    by: 'priya',
    problem: 'busRoute',
    name: 'One joint letter from the parents, with attendance numbers',
    description:
      '<p>Fourteen parents signed the same letter to the transport office, with the attendance register for the days without the bus. The route was back within a week. #schools #transport</p>',
    votes: [{ by: 'asha', direction: 'up' }],
  },
  {
    key: 'coldMix',
    by: 'ravi',
    problem: 'potholes',
    name: 'ప్రతి శనివారం వాలంటీర్లతో కోల్డ్-మిక్స్ ప్యాచింగ్',
    description:
      '<p>వార్డు ఇంజనీర్ అనుమతితో, ప్రతి శనివారం ఉదయం తల్లిదండ్రులు, విద్యార్థులు కలిసి కోల్డ్-మిక్స్‌తో గుంతలు పూడుస్తాం. #roads #రోడ్లు</p>',
    votes: [
      { by: 'lakshmi', direction: 'up', feedback: 'మా వీధిలో కూడా ఇలా చేద్దాం.' },
      { by: 'asha', direction: 'down', feedback: 'Cold mix washes out in the first heavy rain.' },
    ],
  },
  {
    key: 'rainwater',
    by: 'asha',
    problem: 'tapWater',
    name: 'Rooftop rainwater harvesting pilot on five houses',
    description:
      '<p>Five houses with flat roofs collect rain into their sumps this monsoon. We log how many tanker loads each one avoids. #water</p>',
  },
  {
    key: 'compost',
    by: 'amina',
    problem: 'marketWaste',
    name: 'Compost the market’s vegetable waste',
    description:
      '<p>Separate bins for peels at ten stalls; the cooperative collects them at 4 pm and composts them behind the shed. The rest goes to the recycler instead of the fire. #waste #compost</p>',
    votes: [
      { by: 'cleanstreets', direction: 'up', feedback: 'We can lend bins for the first month.' },
      { by: 'daniel', direction: 'up' },
    ],
  },
  {
    key: 'crossingGuards',
    by: 'priya',
    problem: 'crossing',
    name: 'Parent crossing guards at 8:00 and 15:30',
    description:
      '<p>Two parents in bright vests stop the traffic at the gate for fifteen minutes at the start and the end of the day, while we wait for the zebra crossing. #schools #roadsafety</p>',
  },
  {
    key: 'oneNumber',
    by: 'asha',
    space: 'ww',
    name: 'One phone number for every broken thing in the ward',
    description:
      '<p>A single WhatsApp number, answered by volunteers in turns, takes reports of blocked drains, dead street lights and leaking pipes with a photo and a location, and forwards them to the right office every morning. #data #volunteering</p>',
    links: { by: 'tom', problems: ['drains', 'streetLights'] },
    votes: [
      { by: 'tom', direction: 'up' },
      { by: 'priya', direction: 'up' },
      {
        by: 'ravi',
        direction: 'down',
        feedback: 'One number for everything will be busy all day.',
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Skills

export const SKILLS: readonly DemoSkill[] = [
  {
    by: 'asha',
    space: 'ww',
    name: 'Water quality testing',
    description:
      '<p>Field kits for pH, chlorine and coliforms. I can show a group how to test a tap in twenty minutes and log the results. #water</p>',
    members: ['lakshmi', 'tom', 'kiran'],
  },
  {
    by: 'daniel',
    space: 'ke',
    name: 'Road and drain surveying',
    description:
      '<p>Measuring potholes, silt and culverts so a complaint comes with numbers an engineer will read. #roads #drainage</p>',
    members: ['ravi', 'amina'],
  },
  {
    by: 'tom',
    space: 'ww',
    name: 'Mapping with a phone',
    description:
      '<p>Putting problems on an open map with a free app: points, photos, and a shared layer anyone can add to. #maps #opendata</p>',
    members: ['amina', 'priya', 'maria'],
  },
  {
    by: 'ravi',
    space: 'in',
    name: 'Telugu translation',
    description:
      '<p>Turning notices, forms and posters into plain Telugu, and back. Ask before the meeting, not the night before. #telugu</p>',
    members: ['lakshmi', 'asha'],
  },
  {
    by: 'maria',
    space: 'ww',
    name: 'Running a community survey',
    description:
      '<p>Short questions, the same every month, asked by people the community already trusts. #data #health</p>',
    members: ['priya', 'asha'],
  },
  {
    by: 'ravi',
    space: 'ward12',
    name: 'Fixing household leaks',
    description:
      '<p>Washers, valves and the joint under the sink: most leaks in the ward are a ten-minute fix with the right spanner. The committee has two tool kits to lend. #water #repair</p>',
    members: ['tom', 'lakshmi', 'asha'],
  },
  {
    by: 'maria',
    space: 'riverside',
    name: 'First aid for school children',
    description:
      '<p>Cuts, falls, fainting in the heat, and when to call for help. A two-hour session for parents who go on school trips. #health #schools</p>',
    members: ['priya', 'ravi'],
  },
];

// ---------------------------------------------------------------------------------------------
// Stories, oldest first: the feeds list the last ones at the top.

export const STORIES: readonly DemoStory[] = [
  {
    by: 'cleanstreets',
    space: 'ww',
    html: '<p>Our ward volunteers cleared 14 storm drains on Saturday. Nine of them were blocked by the same thing: thin plastic bags and food wrappers. The rain is three weeks away. #waste #flooding #volunteering</p>',
    media: [{ picture: 'drain' }],
  },
  {
    by: 'maria',
    space: 'ww',
    html: '<p>Visited four rural clinics this month. Three had run out of paracetamol and ORS sachets by the 18th. The stock arrives on the 1st; the need does not wait. #health #medicines</p>',
  },
  {
    by: 'tom',
    space: 'ww',
    html: '<p>I mapped every public water point in our neighbourhood with a phone: 23 taps, 6 of them broken. The map is open for anyone to add to. #maps #water #opendata</p>',
    media: [{ picture: 'map' }],
  },
  {
    by: 'asha',
    space: 'in',
    html: '<p>Measured our tap in Ward 12 this morning: 41 minutes of water, and the pressure too low to reach the first floor. Third day in a row under an hour. #water #hyderabad</p>',
    media: [{ recording: 'tap' }],
  },
  {
    by: 'amina',
    space: 'ww',
    html: '<p>A woman in our cooperative sorts 80 kg of plastic a day by hand and earns less than the bus fare to the depot. Sorting at the source would double what she can sell. #waste #recycling</p>',
  },
  {
    by: 'ravi',
    space: 'in',
    html: '<p>రామంతాపూర్ బడి రోడ్డు మీద గుంతలు మళ్ళీ పెద్దవయ్యాయి. ఉదయం బడికి వచ్చే పిల్లలు సైకిళ్ళను తోసుకుంటూ నడుస్తున్నారు. #రోడ్లు #roads #hyderabad</p>',
  },
  {
    by: 'daniel',
    space: 'ww',
    html: '<p>Potholes are not just a driving problem. On my street the ambulance takes the long way round, because the short road floods after twenty minutes of rain. #roads #drainage #health</p>',
  },
  {
    by: 'priya',
    space: 'ww',
    html: '<p>Twelve children in my class missed school this week. The bus route was cancelled on Monday and nobody told the parents. #schools #transport</p>',
  },
  {
    by: 'amina',
    space: 'ke',
    html: '<p>Kisumu market: the traders burn the afternoon waste at 5 pm, right next to the food stalls. Half of it is vegetable peel that could be compost. #waste #airquality #kisumu</p>',
  },
  {
    by: 'lakshmi',
    space: 'in',
    html: '<p>మా గ్రామ ఆరోగ్య కేంద్రంలో ఈ నెల 15వ తేదీకే ORS ప్యాకెట్లు అయిపోయాయి. వేసవిలో ఇది చాలా ప్రమాదం. #ఆరోగ్యం #health #guntur</p>',
  },
  {
    by: 'asha',
    space: 'ward12',
    html: '<p>Household log, week 3: 38 of 52 homes reported. Average supply 5.5 hours a week, down from 7. The full sheet is in the committee folder. #water #supplylog</p>',
  },
  {
    by: 'cleanstreets',
    space: 'ww',
    html: '<p>What works for us after three years: one collection day per street, a bell everyone recognises, and a named volunteer per lane. New bins alone changed nothing. #waste #volunteering</p>',
  },
  {
    by: 'asha',
    space: 'ww',
    html: '<p>Question for the water people here: how do you log supply hours without a meter? We use a kitchen timer and a shared spreadsheet. Better ideas welcome. #water #data</p>',
  },
  {
    by: 'daniel',
    space: 'ke',
    html: '<p>Measured the Kondele drainage channel today: the silt is 40 cm deep at the culvert. No wonder the road floods. #drainage #roads #kisumu</p>',
  },
  {
    by: 'maria',
    space: 'ww',
    html: '<p>The community health workers know which medicines run out first. Nobody asks them. We are starting a monthly five-question survey by SMS. #health #medicines #data</p>',
  },
  {
    by: 'tom',
    problem: 'drains',
    html: '<p>Counted after last night’s rain: 21 blocked inlets on the main road, down from 38 before the clean-up. The mesh guards are holding. #flooding</p>',
  },
  {
    by: 'ravi',
    space: 'ward12',
    html: '<p>మా వీధిలో ఇంకా ఎక్కువ మంది ట్యాంకర్ నీళ్ళకు డబ్బులు కడుతున్నారు. వచ్చే సమావేశంలో ఈ ఖర్చును లెక్కిద్దాం. #water #tankers</p>',
  },
  {
    by: 'priya',
    space: 'riverside',
    html: '<p>Reminder: the crossing-guard rota for next week is up. We still need two parents for Thursday afternoon. #schools #roadsafety</p>',
  },
  {
    by: 'daniel',
    space: 'ke',
    html: '<p>The hand pump at the Nyalenda school works again: a new washer kit, forty minutes of work, and two caretakers who now know how to fix the hand pump themselves. Thank you to everyone who chipped in. #water #repair</p>',
  },
  {
    by: 'ravi',
    problem: 'potholes',
    html: '<p>ఈ రోజు వాలంటీర్లతో కలిసి ఆరు గుంతలు పూడ్చాం. ఇంకా పదకొండు మిగిలాయి. #roads</p>',
  },
  {
    by: 'tom',
    space: 'ww',
    html: '<p>Offering an afternoon of help to any group that wants to map their problem: broken lights, blocked drains, dangerous crossings. Bring a phone; I bring the rest. #maps #volunteering</p>',
  },
  {
    by: 'maria',
    space: 'riverside',
    html: '<p>Midday meal check: the kitchen is clean, but the drinking-water filter has not been serviced since January. I have asked the head teacher for the service record. #schools #health</p>',
  },
  {
    by: 'lakshmi',
    problem: 'clinics',
    html: '<p>Our health centre got its stock on the 3rd this month, two days late. ORS was gone by the 14th again. #medicines</p>',
  },
  {
    by: 'amina',
    space: 'ke',
    html: '<p>Ten traders agreed to try separate bins for peels for one month. A small start, with real names and real stalls. #waste #compost #kisumu</p>',
  },
  {
    by: 'ravi',
    space: 'in',
    html: '<p>మా బడిలో తాగునీటి ట్యాంకును పిల్లలతో కలిసి శుభ్రం చేశాం. ఇప్పుడు ప్రతి శనివారం ఒక తరగతి బాధ్యత తీసుకుంటుంది. #బడి #schools #water</p>',
  },
  {
    by: 'priya',
    space: 'ww',
    html: '<p>The bus route is back from Monday! Fourteen parents wrote to the transport office with the same letter and the same numbers. It worked. #schools #transport</p>',
  },
  {
    by: 'amina',
    space: 'ww',
    html: '<p>Free compost workshop next Saturday at the market. Bring a bucket of kitchen scraps and leave with a plan. #waste #compost</p>',
  },
  {
    by: 'lakshmi',
    space: 'ww',
    html: '<p>The heat is here. In our villages the first sign is always the same: older people stop drinking water because the walk to the tap is too long. #health #heatwave #water</p>',
  },
  {
    by: 'kiran',
    space: 'ww',
    html: '<p>New here. Our apartment block has had the same leaking main valve for two months, and the water board says it is the society’s job. Where do I start? #water #bengaluru</p>',
  },
  {
    by: 'kiran',
    space: 'ww',
    isAnonymousPost: true,
    html: '<p>The tanker driver in our lane asks for extra money before he fills the drums. Everyone pays, because nobody wants to be the one left without water. #water #tankers</p>',
  },
  {
    by: 'priya',
    space: 'ww',
    isDraft: true,
    html: '<p>Draft letter to the transport office about the evening route: still need the numbers from classes 4 and 5. #schools #transport</p>',
  },
];

// ---------------------------------------------------------------------------------------------
// Comments

export interface DemoComment {
  by: PersonKey;
  html: string;
  replies?: readonly { by: PersonKey; html: string }[];
}

/**
 * A thread: comments (with replies) on a problem, a solution, or a story named by the start of
 * its text (stories have no keys). Only people who may read the post comment on it.
 */
export type DemoThread = DemoPostRef & { comments: readonly DemoComment[] };

export const THREADS: readonly DemoThread[] = [
  {
    storyStartingWith: '<p>Our ward volunteers cleared 14 storm drains',
    comments: [
      {
        by: 'amina',
        html: '<p>Same in Kisumu: the thin bags are the worst, nobody buys them back. Did the ward talk to the shops? #waste</p>',
        replies: [
          {
            by: 'cleanstreets',
            html: '<p>Not yet. We are collecting counts first so the shops see the numbers.</p>',
          },
          {
            by: 'daniel',
            html: '<p>Happy to help count next Saturday. Where do we meet?</p>',
          },
        ],
      },
      {
        by: 'tom',
        html: '<p>I can add the cleared drains to the water-point map, so we see where they block again. #maps</p>',
      },
    ],
  },
  {
    storyStartingWith: '<p>Twelve children in my class missed school',
    comments: [
      {
        by: 'maria',
        html: '<p>The same happened in our school last year. A phone tree among parents helped more than any notice.</p>',
        replies: [
          { by: 'priya', html: '<p>A phone tree is a good idea. I will start one tonight.</p>' },
        ],
      },
    ],
  },
  {
    storyStartingWith: '<p>రామంతాపూర్ బడి రోడ్డు',
    comments: [
      {
        by: 'lakshmi',
        html: '<p>మా వీధిలోనూ ఇదే పరిస్థితి. ఫోటోలు తీసి వార్డు కార్యాలయానికి పంపుదాం. #roads</p>',
      },
    ],
  },
  {
    problem: 'drains',
    comments: [
      {
        by: 'daniel',
        html: '<p>Which drains block first? If it is always the same ones, guards there first would save the most work.</p>',
        replies: [
          {
            by: 'cleanstreets',
            html: '<p>Nine of fourteen were on the market road. We will start there.</p>',
          },
        ],
      },
      { by: 'kiran', html: '<p>Count me in for the monsoon clean-up. #volunteering</p>' },
    ],
  },
  {
    problem: 'tapWater',
    comments: [
      {
        by: 'ravi',
        html: '<p>Our building logged 38 minutes today. I will add it to the sheet.</p>',
        replies: [
          { by: 'asha', html: '<p>Thank you. Three more households and we can send it.</p>' },
        ],
      },
    ],
  },
  {
    solution: 'meshGuards',
    comments: [
      {
        by: 'tom',
        html: '<p>How often do the guards need cleaning? If it is weekly, we need a rota. #volunteering</p>',
        replies: [
          {
            by: 'cleanstreets',
            html: '<p>Every ten days in the dry season, after every storm in the rains.</p>',
          },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Reactions and bookmarks

/** A post named as threads name it: a problem, a solution, or a story by the start of its text. */
export type DemoPostRef =
  { problem: ProblemKey } | { solution: SolutionKey } | { storyStartingWith: string };

/** Readers' reactions (each person at most one per post, on posts they may read). */
export const REACTIONS: readonly { on: DemoPostRef; by: PersonKey; reaction: ReactionKind }[] = [
  {
    on: { storyStartingWith: '<p>Our ward volunteers cleared 14' },
    by: 'amina',
    reaction: 'celebrate',
  },
  { on: { storyStartingWith: '<p>Our ward volunteers cleared 14' }, by: 'tom', reaction: 'like' },
  { on: { storyStartingWith: '<p>Our ward volunteers cleared 14' }, by: 'asha', reaction: 'like' },
  {
    on: { storyStartingWith: '<p>Our ward volunteers cleared 14' },
    by: 'daniel',
    reaction: 'happy',
  },
  { on: { storyStartingWith: '<p>Visited four rural clinics' }, by: 'lakshmi', reaction: 'sad' },
  { on: { storyStartingWith: '<p>Visited four rural clinics' }, by: 'kiran', reaction: 'angry' },
  { on: { storyStartingWith: '<p>Visited four rural clinics' }, by: 'priya', reaction: 'thinking' },
  { on: { problem: 'drains' }, by: 'maria', reaction: 'like' },
  { on: { problem: 'drains' }, by: 'ravi', reaction: 'thinking' },
  { on: { problem: 'clinics' }, by: 'asha', reaction: 'sad' },
  { on: { problem: 'busRoute' }, by: 'tom', reaction: 'angry' },
  { on: { solution: 'meshGuards' }, by: 'amina', reaction: 'celebrate' },
  { on: { solution: 'meshGuards' }, by: 'priya', reaction: 'like' },
  { on: { solution: 'meshGuards' }, by: 'kiran', reaction: 'dislike' },
];

/** What people saved for later. */
export const BOOKMARKS: readonly { on: DemoPostRef; by: PersonKey }[] = [
  { on: { problem: 'drains' }, by: 'amina' },
  { on: { solution: 'meshGuards' }, by: 'amina' },
  { on: { storyStartingWith: '<p>Visited four rural clinics' }, by: 'asha' },
  { on: { problem: 'clinics' }, by: 'lakshmi' },
  { on: { solution: 'meshGuards' }, by: 'daniel' },
];

/**
 * Site roles and the moderation queue as the demo shows them: an admin (made as `npm run
 * admin:create` makes one), a moderator the admin appointed, two open reports, and one story a
 * moderator hid from its report. Kiran's anonymous story (above) waits for approval.
 */
export const MODERATION = {
  admin: 'lakshmi',
  moderator: 'daniel',
  openReports: [
    {
      by: 'asha',
      storyStartingWith: '<p>రామంతాపూర్',
      tags: ['guidelines'],
      comments: 'The photo in the linked post shows a child’s face.',
    },
    {
      by: 'maria',
      person: 'cleanstreets',
      tags: ['fake'],
      comments: 'Is this a registered group? The page asks for donations.',
    },
  ],
  hidden: {
    by: 'tom',
    space: 'ww',
    html: '<p>Water purifiers at half price this week only, message me for the link. #water #offer</p>',
    reportedBy: 'amina',
    tags: ['spam'],
    comments: 'An advert, not a story.',
  },
} as const satisfies {
  admin: PersonKey;
  moderator: PersonKey;
  openReports: readonly ({ by: PersonKey; tags: readonly string[]; comments: string } & (
    { storyStartingWith: string } | { person: PersonKey }
  ))[];
  hidden: {
    by: PersonKey;
    space: SpaceKey;
    html: string;
    reportedBy: PersonKey;
    tags: readonly string[];
    comments: string;
  };
};

// ---------------------------------------------------------------------------------------------
// Chat

/** A conversation of the demo and its messages, oldest first (sent in this order). */
export type DemoChat = { messages: readonly { by: PersonKey; html: string }[] } & (
  | { kind: 'space'; space: SpaceKey }
  | { kind: 'direct'; by: PersonKey; with: PersonKey }
  | {
      kind: 'public' | 'private' | 'group';
      by: PersonKey;
      space: SpaceKey;
      name: string;
      description: string;
      /** Added by the creator when making it. */
      members: readonly PersonKey[];
      /** Public channels: people who found it in the directory and joined. */
      joinedBy?: readonly PersonKey[];
      /** A group about a problem (Go To Problem). */
      problem?: ProblemKey;
      /** A group about a map or recipe (Go To Map). */
      map?: MapKey;
    }
);

export const CHATS: readonly DemoChat[] = [
  {
    kind: 'space',
    space: 'ww',
    messages: [
      {
        by: 'cleanstreets',
        html: '<p>Hello everyone! Drain clean-up drives start next Saturday.</p>',
      },
      { by: 'amina', html: '<p>Count me in. Which neighbourhoods first?</p>' },
      {
        by: 'cleanstreets',
        html: '<p>The three wards that flooded last year. Map coming soon.</p>',
      },
      { by: 'daniel', html: '<p>We can lend gloves and rakes from the school store.</p>' },
    ],
  },
  {
    kind: 'public',
    by: 'ravi',
    space: 'ward12',
    name: 'Leak reports',
    description: 'Post a leak with its street and a photo; we log it the same day.',
    members: [],
    joinedBy: ['lakshmi', 'tom'],
    messages: [
      { by: 'ravi', html: '<p>New channel for leaks. Street name and a photo, please.</p>' },
      { by: 'lakshmi', html: '<p>Leak at the corner of Lane 4, water running since 6 am.</p>' },
      { by: 'tom', html: '<p>Same pipe as last month? I can show the plumber where.</p>' },
    ],
  },
  {
    kind: 'private',
    by: 'asha',
    space: 'ward12',
    name: 'Committee planning',
    description: 'Agendas and follow-ups for the committee.',
    members: ['ravi'],
    messages: [
      {
        by: 'asha',
        html: '<p>Agenda for Thursday: the supply log and the letter to the board.</p>',
      },
      { by: 'ravi', html: '<p>I will bring the printed log for the last four weeks.</p>' },
    ],
  },
  {
    kind: 'group',
    by: 'cleanstreets',
    space: 'ww',
    name: 'Storm drain crew',
    description: 'Planning the drain clean-ups.',
    members: ['tom', 'amina'],
    problem: 'drains',
    messages: [
      { by: 'cleanstreets', html: '<p>Let us split the drains on the map between us.</p>' },
      { by: 'tom', html: '<p>I take the two by the market.</p>' },
    ],
  },
  {
    kind: 'group',
    by: 'cleanstreets',
    space: 'ww',
    name: 'Causal map review',
    description: 'Checking the links between the drains and the clinics.',
    members: ['maria', 'amina'],
    map: 'waterHealth',
    messages: [
      {
        by: 'cleanstreets',
        html: '<p>Does the loop between blocked drains and clinic visits look right to you?</p>',
      },
      { by: 'maria', html: '<p>Yes. The clinic numbers from July back it up.</p>' },
    ],
  },
  {
    kind: 'direct',
    by: 'asha',
    with: 'ravi',
    messages: [
      { by: 'asha', html: '<p>Can you call the water board tomorrow morning?</p>' },
      { by: 'ravi', html: '<p>Yes, at 10. I will tell you what they say.</p>' },
      { by: 'asha', html: '<p>Thank you!</p>' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Progress maps

export type MapKey =
  'waterHealth' | 'board' | 'progress' | 'wherePlaces' | 'ashaNotes' | 'drainRecipe';

/** A node of a demo map: a problem of its space, or one of the map's own waypoints (by index). */
export type DemoMapNode = { problem: ProblemKey } | { waypoint: number };

export interface DemoMap {
  key: MapKey;
  by: PersonKey;
  /** Where it is made; a recipe goes in its problem's space. */
  space: SpaceKey;
  /** A recipe: a 2D graph map of this problem. */
  problem?: ProblemKey;
  name: string;
  description: string;
  type: MapType;
  graphTypes: GraphType[];
  isPrivate?: boolean;
  waypoints?: { name: string; description: string }[];
  /** Custom links people drew: causal links (cld+, cld-) or plain ones. */
  links?: { from: DemoMapNode; to: DemoMapNode; type: LinkType; label: string }[];
  /** 3D planes, each holding the nodes tagged with one of its tags. */
  layers?: { name: string; color: string; filterTags: string[] }[];
  settings?: Partial<MapSettings>;
}

/**
 * The maps a newcomer finds in the global space: a 2D and 3D causal map of drains and clinics (a
 * balancing loop, a layer, a waypoint), a kanban board, an s-curve and a location map; a private
 * map of Asha's; and the drains problem's recipe with its two steps. Positions are laid out on a
 * ring when the demo is built.
 */
export const MAPS: readonly DemoMap[] = [
  {
    key: 'waterHealth',
    by: 'cleanstreets',
    space: 'ww',
    name: 'Drains, floods and clinics',
    description:
      'How blocked drains flood the streets and fill the clinics, and how health workers’ reports bring the crews back.',
    type: 'graph',
    graphTypes: ['2D', '3D'],
    waypoints: [
      {
        name: 'Ward meeting before the monsoon',
        description: 'Crews, clinics and vendors agree on the worst inlets.',
      },
    ],
    links: [
      {
        from: { problem: 'drains' },
        to: { problem: 'clinics' },
        type: 'cld+',
        label: 'Floods spread disease',
      },
      {
        from: { problem: 'clinics' },
        to: { problem: 'drains' },
        type: 'cld-',
        label: 'Health workers report the worst inlets',
      },
      {
        from: { waypoint: 0 },
        to: { problem: 'drains' },
        type: 'straight',
        label: 'Decides the clean-up rounds',
      },
    ],
    layers: [{ name: 'Water and health', color: '#4DABF7', filterTags: ['flooding', 'health'] }],
    settings: { showTags: true },
  },
  {
    key: 'board',
    by: 'tom',
    space: 'ww',
    name: 'Problems board',
    description: 'Every problem of the global space by status: drag a card when it moves.',
    type: 'kanban',
    graphTypes: [],
  },
  {
    key: 'progress',
    by: 'maria',
    space: 'ww',
    name: 'How much we solved',
    description: 'The share of the global space’s problems solved, day by day.',
    type: 'scurve',
    graphTypes: [],
  },
  {
    key: 'wherePlaces',
    by: 'amina',
    space: 'ww',
    name: 'Where the problems are',
    description: 'Problems, solutions and stories on the map of the world.',
    type: 'location',
    graphTypes: [],
  },
  {
    key: 'ashaNotes',
    by: 'asha',
    space: 'ward12',
    name: 'My notes on the taps',
    description: 'A private sketch before the committee meets.',
    type: 'graph',
    graphTypes: ['2D'],
    isPrivate: true,
  },
  {
    key: 'drainRecipe',
    by: 'cleanstreets',
    space: 'ww',
    problem: 'drains',
    name: 'Pre-monsoon drain recipe',
    description: 'What worked in the wards that stayed dry last year.',
    type: 'graph',
    graphTypes: ['2D'],
    waypoints: [
      {
        name: 'Fit mesh guards on the 20 worst inlets',
        description: 'Start with the inlets on the market road.',
      },
      {
        name: 'Sweep with the crew on the last three Saturdays of May',
        description: 'Volunteers bring rakes; the crew brings the truck.',
      },
    ],
    links: [
      { from: { waypoint: 0 }, to: { waypoint: 1 }, type: 'straight', label: 'Then' },
      {
        from: { waypoint: 1 },
        to: { problem: 'drains' },
        type: 'straight',
        label: 'Before the rain',
      },
    ],
  },
];

/** Maps people saved for later. */
export const MAP_BOOKMARKS: readonly { map: MapKey; by: PersonKey }[] = [
  { map: 'waterHealth', by: 'amina' },
];
