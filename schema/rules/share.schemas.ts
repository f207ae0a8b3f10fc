/** The share payload's validator and decoder, and the explainer cards' validators (share.ts). */
import { z } from 'zod';
import { ID_MAX } from './limits';
import { EXPLAINER_MESSAGES, EXPLAINER_PATH_MAX } from './share';
import { SPACE_NAME_MAX } from './spaces';

/** Bounds of a payload and of its encoded parameter: longer ones are not links this app made. */
const SHARE_PATH_MAX = 300;
const SHARE_PARAM_MAX = 2000;

export const sharePayloadSchema = z.object({
  path: z.string().min(1).max(SHARE_PATH_MAX, { abort: true }),
  spaceId: z.string().min(1).max(ID_MAX, { abort: true }),
  spaceCode: z.string().max(10, { abort: true }).nullable(),
  spaceName: z.string().max(SPACE_NAME_MAX, { abort: true }),
  isPrivate: z.boolean(),
});
export type SharePayload = z.infer<typeof sharePayloadSchema>;

/** The payload of a `url` parameter, or null for anything else (a bad link still opens its route). */
export function decodeSharePayload(raw: string | null | undefined): SharePayload | null {
  if (!raw || raw.length > SHARE_PARAM_MAX || !/^[\w-]+$/u.test(raw)) return null;
  try {
    const binary = atob(raw.replace(/-/gu, '+').replace(/_/gu, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const parsed = sharePayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const explainerPathSchema = z
  .string({ error: EXPLAINER_MESSAGES.pathRequired })
  .trim()
  .min(1, EXPLAINER_MESSAGES.pathRequired)
  .max(EXPLAINER_PATH_MAX, { message: EXPLAINER_MESSAGES.pathInvalid, abort: true })
  .regex(/^(\/[\w-]+)+$/u, EXPLAINER_MESSAGES.pathInvalid);

/** `POST /user/explainercards { path, reset }`: reset true shows every card again, else path is hidden. */
export const explainerCardsInputSchema = z.object({
  reset: z.boolean().optional(),
  path: z.unknown().optional(),
});
