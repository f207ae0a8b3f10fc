import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token.service';
import { ApiToken, CreateApiTokenInput, CreatedApiToken } from './api-token.types';

@TokenAccess(SESSION_ACCESS)
@Resolver()
export class ApiTokenResolver {
  @Authorized()
  @Query(() => [ApiToken], { description: 'The viewer’s personal access tokens, newest first.' })
  apiTokens(@Ctx() ctx: Context) {
    return listApiTokens(ctx);
  }

  @Authorized()
  @Mutation(() => CreatedApiToken, {
    description: 'Creates a personal access token; the answer is the only time it is shown.',
  })
  async createApiToken(
    @Arg('input', () => CreateApiTokenInput, { description: 'The new token.' })
    input: CreateApiTokenInput,
    @Ctx() ctx: Context,
  ) {
    const { token, row } = await createApiToken(ctx, input);
    return { token, apiToken: row };
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Revokes a token: its next call answers 401.' })
  async revokeApiToken(
    @Arg('id', () => ID, { description: "The token's id (ApiToken.id)." }) id: string,
    @Ctx() ctx: Context,
  ) {
    await revokeApiToken(ctx, id);
    return true;
  }
}
