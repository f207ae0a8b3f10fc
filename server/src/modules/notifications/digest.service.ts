import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AppDeps, Context } from '../../context';
import { notifications, spaces, users } from '../../db/schema';
import { parseInput } from '../../errors';
import { mailTranslator } from '../../mail/mail-text';
import { requireViewer } from '../../auth/guards';
import { getMe, type Me } from '../users/user.service';
import { notificationRoute } from './notification.presenter';
import { namedSpaceOfRecipient } from './notification.policy';
import { listableFor } from './notification.service';
import { actorAndSpace, notificationText } from './notification-text';
import { notificationTitles } from './notification-titles.service';

/**
 * The e-mail digest: someone who has not visited for a day and has unread notifications gets one
 * e-mail listing them (not one per event), at most one a day, and only when something arrived
 * since the last one. `users.digest_emails` turns it off, also from the e-mail's one-click link.
 */

const DAY_MS = 24 * 3600_000;
/** The newest unread notifications a digest lists; the rest are counted and linked. */
const DIGEST_MAX_ITEMS = 20;
/** People claimed per round: a large backlog is worked off over the next rounds, not in one burst. */
const DIGEST_BATCH = 200;

type DigestDeps = Pick<AppDeps, 'db' | 'config' | 'log' | 'mailer'>;

export async function setDigestEmails(ctx: Context, on: unknown): Promise<Me> {
  const viewer = requireViewer(ctx);
  const value = parseInput(z.boolean(), on, 'on');
  await ctx.db.update(users).set({ digestEmails: value }).where(eq(users.id, viewer.id));
  return getMe(ctx);
}

/** The unsubscribe token: the user id and its HMAC with the app's secret (no table, no expiry). */
const unsubscribeSignature = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`digest-unsubscribe:${userId}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: string) =>
  `${userId}.${unsubscribeSignature(secret, userId)}`;

function userOfToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(unsubscribeSignature(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/**
 * The digest e-mail's one-click unsubscribe: turns the setting off without signing in. Answers
 * the person's language, or null for a token that is not ours (or whose account is gone).
 */
export async function unsubscribeFromDigest(
  ctx: Pick<Context, 'db' | 'config'>,
  token: unknown,
): Promise<{ appLang: string } | null> {
  const userId = userOfToken(ctx.config.appSecret, token);
  if (!userId) return null;
  const [row] = await ctx.db
    .update(users)
    .set({ digestEmails: false })
    .where(eq(users.id, userId))
    .returning({ appLang: users.appLang });
  return row ?? null;
}

/** The people due a digest at `now`, as conditions on their own row (re-checked when claiming). */
function dueForDigest(now: Date) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  return and(
    eq(users.digestEmails, true),
    eq(users.emailVerified, true),
    or(lt(users.lastSeenAt, dayAgo), and(isNull(users.lastSeenAt), lt(users.createdAt, dayAgo))),
    or(isNull(users.lastDigestAt), lt(users.lastDigestAt, dayAgo)),
    // Something unread arrived since the last digest: a week away is not seven copies of one list.
    sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id}
      and not ${notifications.isRead}
      and ${notifications.updatedAt} > coalesce(${users.lastDigestAt}, '-infinity'::timestamptz))`,
  );
}

/**
 * Sends the digests due at `now` and answers how many were sent. Each person is claimed by one
 * UPDATE whose conditions are their row's own (`last_digest_at` among them): when two processes
 * claim at once, PostgreSQL re-checks the second's conditions on the row the first wrote, so only
 * one of them sends. A failed send gives the claim back, so the next round tries again.
 */
export async function sendDigests(deps: DigestDeps, now = new Date()): Promise<number> {
  const candidates = await deps.db
    .select({ id: users.id, lastDigestAt: users.lastDigestAt })
    .from(users)
    .where(dueForDigest(now))
    .limit(DIGEST_BATCH);
  if (candidates.length === 0) return 0;
  const claimed = await deps.db
    .update(users)
    .set({ lastDigestAt: now })
    .where(
      and(
        inArray(
          users.id,
          candidates.map((candidate) => candidate.id),
        ),
        dueForDigest(now),
      ),
    )
    .returning({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      appLang: users.appLang,
    });
  const previous = new Map(candidates.map((candidate) => [candidate.id, candidate.lastDigestAt]));
  let sent = 0;
  for (const person of claimed) {
    try {
      await sendDigest(deps, person);
      sent++;
    } catch (error) {
      deps.log.error({ err: error, userId: person.id }, 'digest not sent');
      await deps.db
        .update(users)
        .set({ lastDigestAt: previous.get(person.id) ?? null })
        .where(and(eq(users.id, person.id), eq(users.lastDigestAt, now)));
    }
  }
  return sent;
}

const actors = alias(users, 'actors');

async function sendDigest(
  deps: DigestDeps,
  person: { id: string; email: string; displayName: string; appLang: string },
) {
  const unread = and(
    eq(notifications.userId, person.id),
    eq(notifications.isRead, false),
    listableFor(person.id),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        notification: notifications,
        actorName: actors.displayName,
        spaceName: spaces.name,
      })
      .from(notifications)
      .leftJoin(actors, sql`${actors.id} = ${notifications.actorIds}[1]`)
      .leftJoin(spaces, namedSpaceOfRecipient())
      .where(unread)
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(DIGEST_MAX_ITEMS),
    deps.db.select({ count: count() }).from(notifications).where(unread),
  ]);
  const titles = await notificationTitles(
    deps.db,
    rows.map((row) => row.notification),
  );
  const t = mailTranslator(person.appLang);
  const base = deps.config.publicUrl;
  const lines = rows.map((row) => {
    const words = {
      ...row.notification,
      ...actorAndSpace(row),
      title: titles.get(row.notification) ?? null,
    };
    return `• ${notificationText(person.appLang, words)}\n  ${base}${notificationRoute(row.notification)}`;
  });
  const more = (total?.count ?? rows.length) - rows.length;
  const allLink = `${base}/notifications`;
  const unsubscribeLink = `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(
    unsubscribeToken(deps.config.appSecret, person.id),
  )}`;
  const text = [
    t('digest.intro', { name: person.displayName }),
    lines.join('\n\n'),
    ...(more > 0 ? [t('digest.more', { count: more })] : []),
    t('digest.all', { link: allLink }),
    `${t('digest.why')}\n${unsubscribeLink}`,
  ].join('\n\n');
  await deps.mailer.send({
    to: person.email,
    subject: t('digest.subject', { count: total?.count ?? rows.length }),
    text,
    link: allLink,
    // RFC 8058: mail programs show an unsubscribe button that POSTs to the link.
    headers: {
      'List-Unsubscribe': `<${unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/**
 * Each process looks for due digests every `config.digestIntervalMs` (off when 0); the claim
 * keeps processes from sending twice. Answers a function that stops it.
 */
export function startDigestScheduler(deps: DigestDeps): () => void {
  if (deps.config.digestIntervalMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDigests(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'digests not sent'))
      .finally(() => {
        running = false;
      });
  }, deps.config.digestIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
