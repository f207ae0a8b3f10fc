import http from 'node:http';
import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rules';
import { pruneAttempts } from '../../server/src/auth/rate-limit';
import { rateLimitEvents, users } from '../../server/src/db/schema';
import { mailsTo, type GqlError, type RestBody } from '../helpers/clients';
import { signUpVerified, uniqueEmail, type TestUser } from '../helpers/factories';
import { openRawSocket } from '../helpers/raw-socket';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The auth rate limits, for real, over HTTP, with requests sent in parallel as a script sends them.
 * The limits count per client address, so each test speaks from loopback addresses of its own
 * (Linux routes all of 127.0.0.0/8 to the loopback interface): the server sees a distinct peer
 * per "machine", exactly as it would on a network. 127.0.0.1 plays a reverse proxy the server
 * trusts (TRUST_PROXY): people behind it are told apart by the X-Forwarded-For it adds.
 */
const PROXY = '127.0.0.1';
let server: TestServer;
let owner: TestUser;
let classmate: TestUser;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: PROXY });
  [owner, classmate] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
});
afterAll(async () => {
  await server?.stop();
});

let machines = 0;
/** A loopback address no other test in this file uses. */
const newAddress = () => {
  machines += 1;
  return `127.0.${Math.floor(machines / 250) + 1}.${(machines % 250) + 2}`;
};

interface Answer<T> {
  status: number;
  body: T;
  retryAfter: string | undefined;
}

/**
 * POSTs JSON to the test server from the loopback address `from`, with the X-Forwarded-For header
 * `forwardedFor` when given (a proxy's, or a forgery).
 */
function post<T>(
  from: string,
  path: string,
  body: unknown,
  forwardedFor?: string,
): Promise<Answer<T>> {
  const url = new URL(path, server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T, retryAfter });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

type SignInBody = RestBody & { token?: string };
const signIn = (from: string, email: string, password: string, forwardedFor?: string) =>
  post<SignInBody>(from, '/api/auth/login', { email, password }, forwardedFor);

const SIGN_IN = `mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }`;
const signInOverGraphql = (from: string, email: string, password: string) =>
  post<{ errors?: GqlError[] }>(from, '/graphql', {
    query: SIGN_IN,
    variables: { email, password },
  });

const signUp = (from: string, email: string, password = 'secret-password') =>
  post<RestBody>(from, '/api/auth/signup', {
    email,
    password,
    displayName: 'Pupil',
    role: 'person',
  });

/** How many answers had each status, e.g. `{ 401: 10, 429: 50 }`. */
const statuses = (answers: readonly { status: number }[]) => {
  const tally: Record<number, number> = {};
  for (const { status } of answers) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
};

const parallel = <T>(times: number, request: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: times }, (_, index) => request(index)));

/** Moves the recorded attempts whose key mentions `keyPart` `seconds` into the past. */
async function age(keyPart: string, seconds: number) {
  await server.deps.db
    .update(rateLimitEvents)
    .set({
      createdAt: sql`${rateLimitEvents.createdAt} - make_interval(secs => ${seconds}::double precision)`,
    })
    .where(like(rateLimitEvents.key, `%${keyPart}%`));
}

/** For tests that hash a hundred passwords (argon2, 19 MiB each) on a shared two-core machine. */
const HASHING_TIMEOUT_MS = 120_000;

const tooMany = (minutes: number) =>
  minutes === 1
    ? 'Too many attempts. Please try again in a minute.'
    : `Too many attempts. Please try again in ${minutes} minutes.`;

describe('failed sign-ins', () => {
  const pairMax = RATE_LIMITS.signInFailures.max;
  const addressMax = RATE_LIMITS.signInFailuresPerAddress.max;

  it(`tries only ${pairMax} of 60 parallel wrong passwords for one account and answers the rest 429`, async () => {
    const attacker = newAddress();
    const answers = await parallel(60, (i) => signIn(attacker, owner.email, `wrong-${i}`));
    expect(statuses(answers)).toEqual({ 401: pairMax, 429: 60 - pairMax });
    expect(answers.find(({ status }) => status === 401)?.body.error?.message).toBe(
      'Wrong e-mail or password',
    );
    const refused = answers.find(({ status }) => status === 429)!;
    expect(refused.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', message: tooMany(15), field: null },
    });

    // Even the right password waits at the attacker's address…
    expect((await signIn(attacker, owner.email, owner.password)).status).toBe(429);
    // …but the owner signs in from their own, and a classmate behind the attacker's address too.
    const atHome = await signIn(newAddress(), owner.email, owner.password);
    expect(atHome.status).toBe(200);
    expect(atHome.body.token).toEqual(expect.any(String));
    expect((await signIn(attacker, classmate.email, classmate.password)).status).toBe(200);
  });

  it(
    `stops an address spraying passwords over many accounts after ${addressMax} failures, while the owner still signs in from elsewhere`,
    async () => {
      // An account of its own: the first test's failures count against the owner's account too.
      const victim = await signUpVerified(server);
      const sprayer = newAddress();
      const accounts = [
        victim.email,
        ...Array.from({ length: addressMax / pairMax }, () => uniqueEmail('sprayed')),
      ];
      const answers = await parallel(accounts.length * pairMax, (i) =>
        signIn(sprayer, accounts[i % accounts.length]!, `Password${i}`),
      );
      expect(statuses(answers)).toEqual({
        401: addressMax,
        429: accounts.length * pairMax - addressMax,
      });

      // A fresh account from the spraying address is refused too: the address itself is stopped.
      expect((await signIn(sprayer, classmate.email, 'first-guess')).status).toBe(429);
      expect((await signIn(newAddress(), victim.email, victim.password)).status).toBe(200);
    },
    HASHING_TIMEOUT_MS,
  );

  it('forgives earlier slips once the right password is given, and never counts it', async () => {
    const laptop = newAddress();
    for (let i = 0; i < pairMax - 1; i += 1)
      expect((await signIn(laptop, classmate.email, `typo-${i}`)).status).toBe(401);
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(laptop, classmate.email, classmate.password)).status).toBe(200);
    // The slips before the right password are gone: a full set of tries is left.
    for (let i = 0; i < pairMax; i += 1)
      expect((await signIn(laptop, classmate.email, `later-typo-${i}`)).status).toBe(401);
    expect((await signIn(laptop, classmate.email, classmate.password)).status).toBe(429);
  });
});

describe('the wait a refused request is told', () => {
  it('is the time left until the oldest failure leaves the window, over REST and GraphQL', async () => {
    const window = RATE_LIMITS.signInFailures.windowSeconds;
    // Not the owner, whose account already counts failures from the tests above.
    const traveller = await signUpVerified(server);
    const cafe = newAddress();
    const answers = await parallel(RATE_LIMITS.signInFailures.max, (i) =>
      signIn(cafe, traveller.email, `wrong-${i}`),
    );
    expect(statuses(answers)).toEqual({ 401: RATE_LIMITS.signInFailures.max });
    const pair = `${traveller.email} ${cafe}`;

    const fresh = await signIn(cafe, traveller.email, 'wrong-again');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.retryAfter)).toBeLessThanOrEqual(window);
    expect(Number(fresh.retryAfter)).toBeGreaterThan(window - 30);

    // Ten minutes later, five are left: the header, the message and GraphQL's extensions say so.
    await age(pair, 10 * 60);
    const later = await signIn(cafe, traveller.email, 'wrong-again');
    expect(later.status).toBe(429);
    const retryAfter = Number(later.retryAfter);
    expect(retryAfter).toBeLessThanOrEqual(window - 10 * 60);
    expect(retryAfter).toBeGreaterThan(window - 10 * 60 - 30);
    expect(later.body.error?.message).toBe(tooMany(5));
    const overGraphql = await signInOverGraphql(cafe, traveller.email, traveller.password);
    expect(overGraphql.body.errors?.[0]).toMatchObject({
      message: tooMany(5),
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
    const extensionSeconds = overGraphql.body.errors?.[0]?.extensions?.retryAfterSeconds as number;
    expect(extensionSeconds).toBeLessThanOrEqual(retryAfter);
    expect(extensionSeconds).toBeGreaterThan(retryAfter - 30);

    // In the last minute, the message says so in words.
    await age(pair, 5 * 60 - 20);
    const lastMinute = await signIn(cafe, traveller.email, 'wrong-again');
    expect(Number(lastMinute.retryAfter)).toBeLessThanOrEqual(20);
    expect(lastMinute.body.error?.message).toBe(tooMany(1));

    // Once the failures have left the window, the password is tried again.
    await age(pair, 20);
    expect((await signIn(cafe, traveller.email, 'wrong-again')).status).toBe(401);
  });
});

describe('sign-up', () => {
  const max = RATE_LIMITS.signUp.max;

  it(
    `lets a workshop of ${max} sign up at once from one network and turns the rest away`,
    async () => {
      const workshop = newAddress();
      const emails = Array.from({ length: max + 10 }, () => uniqueEmail('pupil'));
      const answers = await parallel(emails.length, (i) => signUp(workshop, emails[i]!));
      expect(statuses(answers)).toEqual({ 201: max, 429: 10 });
      const created = await server.deps.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, emails));
      expect(created).toHaveLength(max);
      // Those turned away got no e-mail; each new account got its verification link.
      const turnedAway = emails.filter((_, i) => answers[i]!.status === 429);
      expect(turnedAway.flatMap((email) => mailsTo(server.dataDir, email))).toEqual([]);
      expect(created.every(({ email }) => mailsTo(server.dataDir, email).length === 1)).toBe(true);

      const refusedAnswer = answers.find(({ status }) => status === 429)!;
      expect(refusedAnswer.body.error).toEqual({
        code: 'RATE_LIMITED',
        message: tooMany(60),
        field: null,
      });
      expect(Number(refusedAnswer.retryAfter)).toBeLessThanOrEqual(
        RATE_LIMITS.signUp.windowSeconds,
      );

      const overGraphql = await post<{ errors?: GqlError[] }>(workshop, '/graphql', {
        query: `mutation($input: SignUpInput!) { signUp(input: $input) { success } }`,
        variables: {
          input: {
            email: uniqueEmail('late'),
            password: 'secret-password',
            displayName: 'Late',
            role: 'person',
          },
        },
      });
      expect(overGraphql.body.errors?.[0]?.extensions).toMatchObject({
        code: 'RATE_LIMITED',
        retryAfterSeconds: expect.any(Number),
      });
      // The next network is not affected.
      expect((await signUp(newAddress(), uniqueEmail('next-door'))).status).toBe(201);
    },
    HASHING_TIMEOUT_MS,
  );

  it(
    `counts only accounts created: after sign-ups refused for bad input or a taken e-mail, ${max} still succeed`,
    async () => {
      const classroom = newAddress();
      for (let i = 0; i < 5; i += 1) {
        expect((await signUp(classroom, owner.email)).status).toBe(409);
        expect((await signUp(classroom, uniqueEmail('short'), 'abc')).status).toBe(422);
      }
      for (let i = 0; i < max; i += 1)
        expect((await signUp(classroom, uniqueEmail('pupil'))).status).toBe(201);
      expect((await signUp(classroom, uniqueEmail('pupil'))).status).toBe(429);
    },
    HASHING_TIMEOUT_MS,
  );
});

describe('verification and reset e-mails', () => {
  const max = RATE_LIMITS.emailSend.max;

  it(`sends only ${max} of 20 parallel reset e-mails for one account, and stops the address for others`, async () => {
    const kiosk = newAddress();
    const answers = await parallel(20, () =>
      post<RestBody>(kiosk, '/api/auth/forgot-password', { email: classmate.email }),
    );
    expect(statuses(answers)).toEqual({ 200: max, 429: 20 - max });
    expect(
      mailsTo(server.dataDir, classmate.email).filter(({ link }) =>
        link?.includes('mode=resetPassword'),
      ),
    ).toHaveLength(max);
    expect(answers.find(({ status }) => status === 429)?.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: tooMany(15),
      field: null,
    });

    // The kiosk's address has used its mails; another address may still ask for other accounts.
    const resend = { email: uniqueEmail('unverified') };
    expect((await post(kiosk, '/api/auth/resend-verification', resend)).status).toBe(429);
    expect((await post(newAddress(), '/api/auth/resend-verification', resend)).status).toBe(200);
  });
});

let forwarded = 0;
/** An address (TEST-NET-2) no other test in this file forwards. */
const newForwarded = () => {
  forwarded += 1;
  return `198.51.100.${forwarded}`;
};

describe('failed sign-ins across addresses', () => {
  const pairMax = RATE_LIMITS.signInFailures.max;
  const { max: accountMax, windowSeconds: accountWindow } = RATE_LIMITS.signInFailuresPerAccount;

  it(
    `gives 13 addresses ${accountMax} wrong passwords for one account in all, and never keeps the owner out`,
    async () => {
      const target = await signUpVerified(server);
      // The owner signed in at home before the attack, through the proxy.
      const home = newForwarded();
      expect((await signIn(PROXY, target.email, target.password, home)).status).toBe(200);

      const botnet = Array.from({ length: 13 }, () => newForwarded());
      const answers = await parallel(botnet.length * pairMax, (i) =>
        signIn(PROXY, target.email, `guess-${i}`, botnet[i % botnet.length]),
      );
      expect(statuses(answers)).toEqual({
        401: accountMax,
        429: botnet.length * pairMax - accountMax,
      });

      // The owner at a new address waits, told so in the spec's words, at most the short window.
      const elsewhere = newForwarded();
      const refused = await signIn(PROXY, target.email, target.password, elsewhere);
      expect(refused.status).toBe(429);
      expect(refused.body.error?.message).toBe(tooMany(5));
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(accountWindow);
      expect(Number(refused.retryAfter)).toBeGreaterThan(accountWindow - 30);

      // At home the strangers hold nothing up, and home's own slips do not count towards the cap.
      expect((await signIn(PROXY, target.email, 'home-typo', home)).status).toBe(401);
      expect((await signIn(PROXY, target.email, target.password, home)).status).toBe(200);
      const stillRefused = await signIn(PROXY, target.email, target.password, newForwarded());
      expect(stillRefused.status).toBe(429);

      // Once the window has passed, the new address is let in too.
      await age(`account:${target.email}`, accountWindow);
      expect((await signIn(PROXY, target.email, target.password, elsewhere)).status).toBe(200);
    },
    HASHING_TIMEOUT_MS,
  );
});

describe('behind a trusted proxy', () => {
  const max = RATE_LIMITS.emailSend.max;
  const RESET = `mutation($email: String!) { requestPasswordReset(email: $email) { success } }`;
  const askReset = (from: string, forwardedFor?: string) =>
    post(from, '/api/auth/forgot-password', { email: uniqueEmail('reset') }, forwardedFor);
  const askResetOverGraphql = (forwardedFor: string) =>
    post<{ errors?: GqlError[] }>(
      PROXY,
      '/graphql',
      { query: RESET, variables: { email: uniqueEmail('reset') } },
      forwardedFor,
    );
  /** The same question over a websocket whose handshake came through the proxy. */
  async function askResetOverSocket(forwardedFor: string) {
    const socket = await openRawSocket(server.url, {
      localAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    try {
      socket.send({ type: 'connection_init', payload: {} });
      await socket.next((message) => message.type === 'connection_ack');
      socket.subscribe('reset', RESET, { email: uniqueEmail('reset') });
      return (await socket.answer('reset')).payload as { errors?: GqlError[] };
    } finally {
      await socket.close();
    }
  }

  it('counts each person on the address the proxy forwards, over REST, GraphQL and websockets', async () => {
    const [alice, bob] = [newForwarded(), newForwarded()];
    for (let i = 0; i < max; i += 1) expect((await askReset(PROXY, alice)).status).toBe(200);
    expect((await askReset(PROXY, alice)).status).toBe(429);
    expect((await askResetOverGraphql(alice)).body.errors?.[0]?.extensions?.code).toBe(
      'RATE_LIMITED',
    );
    expect((await askResetOverSocket(alice)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // What Alice writes in X-Forwarded-For herself, the proxy passes on before her address.
    expect((await askReset(PROXY, `${bob}, ${alice}`)).status).toBe(429);

    // Bob, behind the same proxy, has his own allowance everywhere.
    expect((await askReset(PROXY, bob)).status).toBe(200);
    expect((await askResetOverGraphql(bob)).body.errors).toBeUndefined();
    expect((await askResetOverSocket(bob)).errors).toBeUndefined();
  });

  it('counts a peer that is not a trusted proxy on its own address, whatever it forwards', async () => {
    const stranger = newAddress();
    for (let i = 0; i < max; i += 1)
      expect((await askReset(stranger, newForwarded())).status).toBe(200);
    expect((await askReset(stranger, newForwarded())).status).toBe(429);
    expect((await askReset(stranger)).status).toBe(429);
  });
});

describe('housekeeping', () => {
  const DAY = 24 * 3600;
  const bucketsOf = async (email: string) =>
    (
      await server.deps.db
        .select({ bucket: rateLimitEvents.bucket })
        .from(rateLimitEvents)
        .where(like(rateLimitEvents.key, `%${email}%`))
    )
      .map(({ bucket }) => bucket)
      .sort();

  it('forgets failures after a day, and the addresses an account signed in from after a month', async () => {
    const person = await signUpVerified(server);
    const laptop = newAddress();
    expect((await signIn(laptop, person.email, 'typo')).status).toBe(401);
    expect((await signIn(laptop, person.email, person.password)).status).toBe(200);
    // Remembered: the factory's sign-in and the laptop's; counted: the typo, against the account.
    expect(await bucketsOf(person.email)).toEqual(['memory', 'memory', 'sign-in-failure']);

    await age(person.email, 2 * DAY);
    await pruneAttempts(server.deps.db);
    expect(await bucketsOf(person.email)).toEqual(['memory', 'memory']);

    await age(person.email, 29 * DAY);
    await pruneAttempts(server.deps.db);
    expect(await bucketsOf(person.email)).toEqual([]);
  });
});
