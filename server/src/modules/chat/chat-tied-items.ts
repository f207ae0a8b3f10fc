import { CHAT_MESSAGES, type ChatItemType } from '@rules';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import { readableMap } from '../maps/map.service';
import { engageablePost } from '../posts/post.service';

/**
 * What a group is tied to, in its space and readable by the creator: a problem (Go To Problem), a
 * recipe (a map of one of the space's problems) or one of the space's other maps (`spacemaps`).
 * Anything else, or a kind that does not match the item, is an item that 'has been deleted'.
 */
export async function tiedItem(
  ctx: Context,
  spaceId: string,
  data: { itemType?: ChatItemType; itemId?: string },
): Promise<{ itemType: ChatItemType; itemId: string } | null> {
  if (!data.itemType && !data.itemId) return null;
  const { itemType, itemId } = data;
  const itemNotFound = () =>
    new AppError('NOT_FOUND', CHAT_MESSAGES.itemNotFound, { field: 'itemId' });
  if (!itemType || !itemId) throw itemNotFound();
  if ((await spaceOfTiedItem(ctx, itemType, itemId)) !== spaceId) throw itemNotFound();
  return { itemType, itemId };
}

/** The space of the item, if the viewer reads it and it is of that kind; null otherwise. */
async function spaceOfTiedItem(
  ctx: Context,
  itemType: ChatItemType,
  itemId: string,
): Promise<string | null> {
  if (itemType === 'problem') {
    const problem = await engageablePost(ctx, 'problems', itemId).catch(() => null);
    return problem?.spaceId ?? null;
  }
  const map = await readableMap(ctx, itemId).catch(() => null);
  const isRecipe = map?.problemId != null;
  return map && isRecipe === (itemType === 'recipe') ? map.spaceId : null;
}
