import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { listSpaceMedia } from './space-media.service';
import { SpaceMediaPage } from './space-media.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

@Resolver()
export class SpaceMediaResolver {
  @Query(() => SpaceMediaPage, {
    description:
      "A space's attachments, newest post first, of the posts the viewer sees listed; keyset paginated by post.",
  })
  spaceMedia(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return connectionFrom(listSpaceMedia(ctx, { spaceId, first, after }));
  }
}
