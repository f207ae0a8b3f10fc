import { statSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { GLOBAL_SPACE_ID } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { notifications } from '../../server/src/db/schema';
import { pushNotificationsOfEvent } from '../../server/src/modules/notifications/push.service';
import { gql, gqlData, gqlError } from '../helpers/clients';
import {
  REMOVE_PUSH_SUBSCRIPTION,
  SAVE_PUSH_SUBSCRIPTION,
  addComment,
  postStory,
  pushEndpointsOf,
  savePushSubscription,
  savePushSubscriptionOverRest,
  setSpaceNotifications,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Web Push: browsers' subscriptions (REST `updateKeys`, GraphQL) and a notification pushed to
 * each of the recipient's subscriptions on a local HTTPS push service; one answered 404 or 410 is
 * deleted. The per-space notifications switch decides what is pushed.
 */
let server: TestServer;
let pushService: PushEndpoint;
beforeAll(async () => {
  [server, pushService] = await Promise.all([startTestServer(), startPushEndpoint()]);
  server.deps.config.pushAgent = pushService.agent;
});
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

/** A person whose browser subscribed, with push on for the global space. */
async function subscribedPerson(displayName: string, switchOn = true) {
  const person = await signUpVerified(server, { displayName });
  const browser = pushService.subscription();
  await savePushSubscription(server, person, browser.json);
  await setSpaceNotifications(server, person, GLOBAL_SPACE_ID, switchOn);
  return { person, browser };
}

/** The event of `user`'s notification about `itemId`, once it is made. */
async function eventOfNotification(user: TestUser, itemId: string): Promise<string> {
  const eventId = async () => {
    const [row] = await server.deps.db
      .select({ eventId: notifications.eventId })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.itemId, itemId)));
    return row?.eventId;
  };
  await expect.poll(eventId).toBeDefined();
  return (await eventId())!;
}

describe('the VAPID keys', () => {
  it('are generated once into DATA_DIR/vapid.json, readable by the server alone, and kept', () => {
    const file = path.join(server.dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: server.dataDir });
    expect(again.vapid.publicKey).toBe(server.deps.config.vapid.publicKey);
    expect(again.vapid.subject).toBe('mailto:no-reply@localhost');
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', () => {
    const { publicKey, privateKey } = server.deps.config.vapid;
    const given = loadConfig({
      DATA_DIR: path.join(server.dataDir, 'elsewhere'),
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'https://bumps.example.org',
    });
    expect(given.vapid).toEqual({ publicKey, privateKey, subject: 'https://bumps.example.org' });
  });

  it('refuses to start with half a pair', () => {
    const { publicKey } = server.deps.config.vapid;
    expect(() =>
      loadConfig({ DATA_DIR: path.join(server.dataDir, 'half'), VAPID_PUBLIC_KEY: publicKey }),
    ).toThrow('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  });
});

describe('saving a browser subscription', () => {
  it('refuses signed-out callers over REST and GraphQL', async () => {
    const browser = pushService.subscription();
    const answer = await savePushSubscriptionOverRest(server, null, browser.json);
    expect(answer.status).toBe(401);
    const error = await gqlError(server.url, SAVE_PUSH_SUBSCRIPTION, {
      subscription: browser.json,
    });
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('stores the subscription sent to /notifications/updateKeys, as JSON text or as an object', async () => {
    const person = await signUpVerified(server);
    const [asText, asObject] = [pushService.subscription(), pushService.subscription()];
    const first = await savePushSubscriptionOverRest(server, person, JSON.stringify(asText.json));
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect((await savePushSubscriptionOverRest(server, person, asObject.json)).status).toBe(200);
    expect(await pushEndpointsOf(server, person)).toEqual(
      [asText.json.endpoint, asObject.json.endpoint].sort(),
    );
  });

  it('stores the subscription sent to savePushSubscription, once however often it is sent', async () => {
    const person = await signUpVerified(server);
    const browser = pushService.subscription();
    await savePushSubscription(server, person, browser.json);
    await savePushSubscription(server, person, browser.json);
    expect(await pushEndpointsOf(server, person)).toEqual([browser.json.endpoint]);
  });

  it('moves a browser’s subscription to whoever saved it last (another person signed in there)', async () => {
    const [first, second] = [await signUpVerified(server), await signUpVerified(server)];
    const browser = pushService.subscription();
    await savePushSubscription(server, first, browser.json);
    await savePushSubscription(server, second, browser.json);
    expect(await pushEndpointsOf(server, first)).toEqual([]);
    expect(await pushEndpointsOf(server, second)).toEqual([browser.json.endpoint]);
  });

  it('refuses an endpoint that is not https, a malformed key and missing keys', async () => {
    const person = await signUpVerified(server);
    const browser = pushService.subscription();
    const plainHttp = { ...browser.json, endpoint: browser.json.endpoint.replace('https', 'http') };
    for (const key of [plainHttp, '{not json', { endpoint: browser.json.endpoint }, null]) {
      const answer = await savePushSubscriptionOverRest(server, person, key);
      expect(answer.status).toBe(422);
      expect(answer.body.error?.message).toBe('Push subscription is invalid');
    }
    const error = await gqlError(
      server.url,
      SAVE_PUSH_SUBSCRIPTION,
      { subscription: plainHttp },
      { token: person.token },
    );
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Push subscription is invalid',
    });
    expect(await pushEndpointsOf(server, person)).toEqual([]);
  });

  it('removes one of my subscriptions, and leaves another person’s alone', async () => {
    const [owner, other] = [await signUpVerified(server), await signUpVerified(server)];
    const browser = pushService.subscription();
    await savePushSubscription(server, owner, browser.json);
    const remove = { endpoint: browser.json.endpoint };
    await gqlData(server.url, REMOVE_PUSH_SUBSCRIPTION, remove, { token: other.token });
    expect(await pushEndpointsOf(server, owner)).toEqual([browser.json.endpoint]);
    await gqlData(server.url, REMOVE_PUSH_SUBSCRIPTION, remove, { token: owner.token });
    expect(await pushEndpointsOf(server, owner)).toEqual([]);
  });

  it('gives everyone the VAPID public key, and says whether any of my spaces has notifications on', async () => {
    const signedOut = await gqlData<{ pushPublicKey: string; pushWanted: boolean }>(
      server.url,
      '{ pushPublicKey pushWanted }',
    );
    expect(signedOut.pushPublicKey).toBe(server.deps.config.vapid.publicKey);
    expect(signedOut.pushPublicKey).toMatch(/^[\w-]{87}$/u);
    expect(signedOut.pushWanted).toBe(false);
    const person = await signUpVerified(server);
    const wanted = async () =>
      (await gqlData<{ pushWanted: boolean }>(server.url, '{ pushWanted }', {}, person)).pushWanted;
    expect(await wanted()).toBe(false);
    await setSpaceNotifications(server, person, GLOBAL_SPACE_ID, true);
    expect(await wanted()).toBe(true);
  });
});

describe('pushing a notification', () => {
  it('pushes A’s comment on B’s story to B’s browser, encrypted and signed, and nothing to A', async () => {
    const { person: ada, browser: adasBrowser } = await subscribedPerson('Ada');
    const { person: bala, browser: balasBrowser } = await subscribedPerson('Bala');
    const story = await postStory(server, bala, '<p>My first bridge #bridges</p>');
    await addComment(server, ada, { itemType: 'stories', itemId: story.id });

    await expect.poll(() => pushService.requestsTo(balasBrowser).length).toBe(1);
    const [request] = pushService.requestsTo(balasBrowser);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    expect(request!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${server.deps.config.vapid.publicKey}$`),
    );
    expect(balasBrowser.decrypt(request!)).toMatchObject({
      title: 'Ada commented on your story “My first bridge #bridges”',
      url: `/story/${story.id}`,
    });
    expect(pushService.requestsTo(adasBrowser)).toEqual([]);
  });

  it('pushes in the recipient’s language', async () => {
    const { person: ada } = await subscribedPerson('Ada');
    const { person: ravi, browser } = await subscribedPerson('Ravi');
    await gql(server.url, 'mutation { updateLanguage(appLang: "te") { appLang } }', {}, ravi);
    const story = await postStory(server, ravi, '<p>Rain water #water</p>');
    await addComment(server, ada, { itemType: 'stories', itemId: story.id });
    await expect.poll(() => pushService.requestsTo(browser).length).toBe(1);
    expect(browser.decrypt(pushService.requestsTo(browser)[0]!)).toMatchObject({
      title: 'Ada మీ “Rain water #water” కథపై వ్యాఖ్యానించారు',
    });
  });

  it('pushes nothing for a space whose notifications the recipient turned off', async () => {
    const { person: ada } = await subscribedPerson('Ada');
    const { person: bala, browser } = await subscribedPerson('Bala', false);
    const story = await postStory(server, bala, '<p>Quiet please #quiet</p>');
    await addComment(server, ada, { itemType: 'stories', itemId: story.id });
    // Once the event's pushes are done (this run reads what the app's own run read), none went.
    await pushNotificationsOfEvent(server.deps, await eventOfNotification(bala, story.id));
    expect(pushService.requestsTo(browser)).toEqual([]);
  });

  for (const status of [410, 404]) {
    it(`deletes a subscription the push service answers ${status} (the browser unsubscribed)`, async () => {
      const { person: ada } = await subscribedPerson('Ada');
      const { person: bala, browser } = await subscribedPerson('Bala');
      const otherBrowser = pushService.subscription();
      await savePushSubscription(server, bala, otherBrowser.json);
      pushService.answer(browser, status);
      const story = await postStory(server, bala, '<p>Gone browser #push</p>');
      await addComment(server, ada, { itemType: 'stories', itemId: story.id });
      await expect.poll(() => pushEndpointsOf(server, bala)).toEqual([otherBrowser.json.endpoint]);
      expect(pushService.requestsTo(otherBrowser)).toHaveLength(1);
    });
  }

  it('keeps a subscription whose push service fails (500): the next push may get through', async () => {
    const { person: ada } = await subscribedPerson('Ada');
    const { person: bala, browser } = await subscribedPerson('Bala');
    pushService.answer(browser, 500);
    const story = await postStory(server, bala, '<p>Flaky service #push</p>');
    await addComment(server, ada, { itemType: 'stories', itemId: story.id });
    await expect.poll(() => pushService.requestsTo(browser).length).toBe(1);
    await pushNotificationsOfEvent(server.deps, await eventOfNotification(bala, story.id));
    expect(pushService.requestsTo(browser)).toHaveLength(2);
    expect(await pushEndpointsOf(server, bala)).toEqual([browser.json.endpoint]);
  });
});
