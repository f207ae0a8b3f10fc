import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import { listMySessions, signOutOtherSessions, signOutSession } from './my-sessions.service';
import { MySession } from './my-sessions.types';

// A person's sessions are theirs to see and end from the site, not an app's.
@TokenAccess(SESSION_ACCESS)
@Resolver(() => MySession)
export class MySessionsResolver {
  @Authorized()
  @Query(() => [MySession], {
    description: 'The signed-in person’s own sessions, this one first, then the latest seen.',
  })
  async mySessions(@Ctx() ctx: Context): Promise<MySession[]> {
    return listMySessions(ctx);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Signs out one of the viewer’s own sessions (its websockets close). NOT_FOUND for an id that is not one of theirs.',
  })
  async signOutSession(
    @Arg('id', () => ID, { description: "The session's id, from mySessions." }) id: string,
    @Ctx() ctx: Context,
  ) {
    await signOutSession(ctx, id);
    return true;
  }

  @Authorized()
  @Mutation(() => Int, {
    description:
      'Signs out every session of the viewer but the current one (their websockets close); answers how many ended.',
  })
  async signOutOtherSessions(@Ctx() ctx: Context) {
    return signOutOtherSessions(ctx);
  }
}
