import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  Resolver,
  Root,
  type ClassType,
} from 'type-graphql';
import type { Context } from '../../context';
import { POST_TEXT_DESCRIPTION } from './post.types';

/** A post kind's write services, each parsing its input itself. */
export interface PostWrites {
  create: (ctx: Context, input: unknown) => Promise<unknown>;
  update: (ctx: Context, id: string, input: unknown) => Promise<unknown>;
  remove: (ctx: Context, id: string) => Promise<void>;
}

/** The GraphQL side of a post kind: its object type, its inputs and the name in `createStory`. */
export interface PostWriteTypes {
  name: string;
  type: ClassType;
  createInput: ClassType;
  updateInput: ClassType;
  createDescription?: string;
  /** The column holding the kind's rich text: a story's `story`, the others' `description`. */
  textField: 'story' | 'description';
}

/**
 * `create<Kind>`, `update<Kind>` and `delete<Kind>`, alike for every post kind: a kind's resolver
 * extends the class this returns (type-graphql resolver inheritance) and adds what is its own.
 */
export function PostWriteResolver(types: PostWriteTypes, writes: PostWrites) {
  const noun = types.name.toLowerCase();
  @Resolver(() => types.type)
  abstract class PostWriteResolverBase {
    // One name for every kind's text, so a list mixing kinds (bookmarks, reactions, tags) reads
    // it with one fragment on Post.
    @FieldResolver(() => String, { description: POST_TEXT_DESCRIPTION })
    text(@Root() post: Partial<Record<PostWriteTypes['textField'], string>>): string {
      return post[types.textField]!;
    }

    @Authorized()
    @Mutation(() => types.type, {
      name: `create${types.name}`,
      description: types.createDescription ?? `Creates a ${noun} by the viewer.`,
    })
    createPost(
      @Arg('input', () => types.createInput, { description: `The new ${noun}.` }) input: unknown,
      @Ctx() ctx: Context,
    ) {
      return writes.create(ctx, input);
    }

    @Authorized()
    @Mutation(() => types.type, {
      name: `update${types.name}`,
      description: `Edits a ${noun}; only its author may. Returns it as edited.`,
    })
    updatePost(
      @Arg('id', () => ID, { description: `The ${noun}'s id.` }) id: string,
      @Arg('input', () => types.updateInput, {
        description: 'The changes; a field left out keeps its value.',
      })
      input: unknown,
      @Ctx() ctx: Context,
    ) {
      return writes.update(ctx, id, input);
    }

    @Authorized()
    @Mutation(() => Boolean, {
      name: `delete${types.name}`,
      description: `Deletes a ${noun}; only its author may. Returns true.`,
    })
    async deletePost(
      @Arg('id', () => ID, { description: `The ${noun}'s id.` }) id: string,
      @Ctx() ctx: Context,
    ) {
      await writes.remove(ctx, id);
      return true;
    }
  }
  return PostWriteResolverBase;
}
