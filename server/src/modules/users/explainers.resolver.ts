import { EXPLAINER_PATH_MAX } from '@rules';
import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { hideExplainer, resetExplainers } from './explainers.service';
import { presentMe } from './user.presenter';
import { getMe } from './user.service';
import { User } from './user.types';

/** 'Don't show again' on explainer cards, and the settings button that shows them all again. */
@Resolver(() => User)
export class ExplainersResolver {
  @Authorized()
  @Mutation(() => User, { description: "Hides a route's explainer card for the viewer." })
  async hideExplainer(
    @Arg('path', () => String, {
      description: `The route path whose card to hide, such as /stories/recent (at most ${EXPLAINER_PATH_MAX} characters).`,
    })
    path: string,
    @Ctx() ctx: Context,
  ) {
    await hideExplainer(ctx, path);
    return presentMe(await getMe(ctx));
  }

  @Authorized()
  @Mutation(() => User, { description: 'Shows every explainer card again.' })
  async resetExplainers(@Ctx() ctx: Context) {
    await resetExplainers(ctx);
    return presentMe(await getMe(ctx));
  }
}
