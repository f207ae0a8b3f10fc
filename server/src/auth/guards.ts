import { REPORT_MESSAGES } from '@rules';
import type { Context } from '../context';
import { AppError, unauthenticated } from '../errors';

/** The sign-in guards every service calls first; they read the request's viewer and nothing else. */

export const requireViewer = (ctx: Context) => {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
};

/** The end of a suspension still running, or null (a past end no longer counts). */
export const activeSuspension = (suspendedUntil: Date | null, now = new Date()): Date | null =>
  suspendedUntil && suspendedUntil.getTime() > now.getTime() ? suspendedUntil : null;

/**
 * The signed-in viewer, allowed to write: a suspended account reads but writes nothing, and is
 * told until when. Every service that creates, changes or removes content or engagement calls
 * this instead of `requireViewer`; signing out, reading notifications and deleting the account
 * stay open to a suspended person.
 */
export const requireWriter = (ctx: Context) => {
  const viewer = requireViewer(ctx);
  const until = activeSuspension(viewer.suspendedUntil);
  if (until) {
    const date = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    throw new AppError('FORBIDDEN', REPORT_MESSAGES.suspended.replace('{{date}}', date), {
      suspendedUntil: until.toISOString(),
    });
  }
  return viewer;
};
