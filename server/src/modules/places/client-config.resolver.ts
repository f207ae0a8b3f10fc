import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';

@ObjectType({
  description:
    "Server settings the client needs: the /location map's tiles, and the OpenID provider to sign in with.",
})
export class ClientConfig {
  @Field(() => String, {
    nullable: true,
    description:
      'Raster tile template ({z}/{x}/{y}) from TILE_URL; null: the map draws the world outline it ships with.',
  })
  tileUrl!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The OpenID provider's name for the sign-in button ('Continue with Google'; OIDC_PROVIDER_NAME), whose flow starts at /api/auth/oidc/start; null: not configured, no button.",
  })
  oidcProvider!: string | null;
}

@Resolver()
export class ClientConfigResolver {
  @Query(() => ClientConfig, { description: 'Server settings the client needs; public.' })
  clientConfig(@Ctx() ctx: Context): ClientConfig {
    return { tileUrl: ctx.config.tileUrl, oidcProvider: ctx.oidc?.providerName ?? null };
  }
}
