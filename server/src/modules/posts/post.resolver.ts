import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context';
import { postAuthor } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import { canEditPost } from './post.policy';
import { Post } from './post.types';

/** What a post row of any kind carries for the fields resolved here (its author's row when joined). */
type PostRow = Parameters<typeof postAuthor>[1];

/**
 * The fields every post kind resolves alike; Story, Problem, Solution and Skill inherit these
 * field resolvers by implementing Post, so a post rule for all kinds is changed here once.
 */
@Resolver(() => Post)
export class PostResolver {
  @FieldResolver(() => AuthorType, { description: 'Anonymous for anonymous posts.' })
  author(@Root() post: PostRow, @Ctx() ctx: Context): AuthorType | Promise<AuthorType> {
    return postAuthor(ctx, post);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may edit and delete it (the author only).',
  })
  canEdit(@Root() post: PostRow, @Ctx() ctx: Context): boolean {
    return canEditPost(ctx.viewer, post);
  }
}
