import { RATE_LIMITS, idSchema } from '@rules';
import { requireViewer } from '../../auth/guards';
import { recordAttempts } from '../../auth/rate-limit';
import type { SessionRecord } from '../../auth/sessions';
import { deviceLabel, parseUserAgent } from '../../auth/user-agent';
import type { Context } from '../../context';
import { notFound, parseInput } from '../../errors';

/**
 * "Sessions I can see" on /settings/account: the signed-in person's own sessions, and signing any
 * of them out. A session is named by its stored hash, never its token; one that is not the
 * viewer's (another person's, an unknown or an expired one) answers NOT_FOUND alike. Ending a
 * session goes through the session store, which announces it so its websockets close on every
 * process, as sign-out does.
 */

const SIGN_OUT = 'session-sign-out';

export interface MySession {
  id: string;
  device: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The id of the session the request came with (a viewer always has one). */
const currentSessionId = (ctx: Context) =>
  ctx.sessionToken ? ctx.sessions.sessionIdOf(ctx.sessionToken) : null;

function present(row: SessionRecord, current: boolean): MySession {
  const name = parseUserAgent(row.userAgent);
  return {
    id: row.id,
    device: deviceLabel(name),
    ...name,
    address: row.clientAddress,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current,
  };
}

/**
 * The viewer's unexpired sessions, this one first, then the most recently seen. The stored last
 * seen trails by up to SEEN_WRITE_INTERVAL_MS; this session is being seen now, from this request's
 * address and browser, so it says so.
 */
export async function listMySessions(ctx: Context): Promise<MySession[]> {
  const viewer = requireViewer(ctx);
  const currentId = currentSessionId(ctx);
  const rows = await ctx.sessions.listFor(viewer.id);
  const mine = rows.map((row) =>
    row.id === currentId
      ? present(
          {
            ...row,
            lastSeenAt: new Date(),
            clientAddress: ctx.clientAddress,
            userAgent: ctx.userAgent ?? row.userAgent,
          },
          true,
        )
      : present(row, false),
  );
  return [...mine.filter((session) => session.current), ...mine.filter((s) => !s.current)];
}

/**
 * Counts a sign-out against the acting session (RATE_LIMITS.sessionSignOut). Suspended people
 * may sign out too, as with sign-out itself.
 */
async function countSignOut(ctx: Context) {
  const viewer = requireViewer(ctx);
  const currentId = currentSessionId(ctx);
  await recordAttempts(ctx.db, SIGN_OUT, [
    { key: `session:${currentId ?? viewer.id}`, limit: RATE_LIMITS.sessionSignOut },
  ]);
  return { viewer, currentId };
}

/** Ends one of the viewer's sessions; their own current one signs them out here as well. */
export async function signOutSession(ctx: Context, rawId: unknown): Promise<void> {
  const id = parseInput(idSchema, rawId, 'id');
  const { viewer, currentId } = await countSignOut(ctx);
  if (!(await ctx.sessions.endFor(viewer.id, id))) throw notFound();
  if (id === currentId) ctx.cookies?.set(ctx.sessions.blankCookie());
}

/** Ends every session of the viewer but this one; answers how many ended. */
export async function signOutOtherSessions(ctx: Context): Promise<number> {
  const { viewer, currentId } = await countSignOut(ctx);
  if (!currentId) return 0;
  return ctx.sessions.endOthersFor(viewer.id, currentId);
}
