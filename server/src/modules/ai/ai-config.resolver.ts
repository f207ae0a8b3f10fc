import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AiProvider } from '@rules';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import {
  createAiConfig,
  deleteAiConfig,
  listAiConfigs,
  listAiModels,
  setDefaultAiConfig,
  updateAiConfig,
} from './ai-config.service';
import {
  AiConfig,
  AiModel,
  AiProviderEnum,
  CreateAiConfigInput,
  UpdateAiConfigInput,
} from './ai-config.types';

/** A person's AI configurations, from a signed-in session only (a token must not reach keys). */
@TokenAccess(SESSION_ACCESS)
@Resolver()
export class AiConfigResolver {
  @Authorized()
  @Query(() => [AiConfig], {
    description: 'The viewer’s AI configurations: the default first, then the newest.',
  })
  myAiConfigs(@Ctx() ctx: Context) {
    return listAiConfigs(ctx);
  }

  @Authorized()
  @Query(() => [AiModel], {
    description:
      'The models a provider offers to a key, which checks the key: give the key itself, or one of your configurations’ id.',
  })
  async aiModels(
    @Arg('provider', () => AiProviderEnum, { description: 'The provider to ask.' })
    provider: AiProvider,
    @Arg('apiKey', () => String, { nullable: true, description: 'A key to check (not stored).' })
    apiKey: string | null,
    @Arg('configId', () => ID, {
      nullable: true,
      description: 'One of your configurations, whose key, provider and address are used instead.',
    })
    configId: string | null,
    @Arg('baseUrl', () => String, {
      nullable: true,
      description: 'The server’s address, for openaicompatible with a key.',
    })
    baseUrl: string | null,
    @Ctx() ctx: Context,
  ) {
    return (await listAiModels(ctx, { provider, apiKey, configId, baseUrl })).models;
  }

  @Authorized()
  @Mutation(() => AiConfig, { description: 'Saves a new AI configuration, its key encrypted.' })
  createAiConfig(
    @Arg('input', () => CreateAiConfigInput, { description: 'The new configuration.' })
    input: CreateAiConfigInput,
    @Ctx() ctx: Context,
  ) {
    return createAiConfig(ctx, input);
  }

  @Authorized()
  @Mutation(() => AiConfig, {
    description: 'Changes a configuration’s model, name or description.',
  })
  updateAiConfig(
    @Arg('id', () => ID, { description: 'The configuration’s id.' }) id: string,
    @Arg('input', () => UpdateAiConfigInput, { description: 'What changes.' })
    input: UpdateAiConfigInput,
    @Ctx() ctx: Context,
  ) {
    return updateAiConfig(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Deletes a configuration; when it was the default, the newest left becomes it.',
  })
  async deleteAiConfig(
    @Arg('id', () => ID, { description: 'The configuration’s id.' }) id: string,
    @Ctx() ctx: Context,
  ) {
    await deleteAiConfig(ctx, id);
    return true;
  }

  @Authorized()
  @Mutation(() => AiConfig, {
    description: 'Makes a configuration the viewer’s default and clears the others.',
  })
  setDefaultAiConfig(
    @Arg('id', () => ID, { description: 'The configuration’s id.' }) id: string,
    @Ctx() ctx: Context,
  ) {
    return setDefaultAiConfig(ctx, id);
  }
}
