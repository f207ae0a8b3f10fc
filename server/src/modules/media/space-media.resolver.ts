import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { listSpaceMedia } from './space-media.service';
import { SpaceMediaPage } from './space-media.types';

@Resolver()
export class SpaceMediaResolver {
  @Query(() => SpaceMediaPage, {
    description:
      "A space's attachments, newest post first, of the posts the viewer sees listed; keyset paginated by post (pass `last` as `after`).",
  })
  spaceMedia(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID) spaceId: string,
    @Arg('first', () => Int, { nullable: true, description: 'Posts per page.' }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return listSpaceMedia(ctx, { spaceId, first, after });
  }
}
