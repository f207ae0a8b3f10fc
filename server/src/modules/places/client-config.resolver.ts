import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';

@ObjectType({ description: "Server settings the client needs (today: the /location map's tiles)." })
export class ClientConfig {
  @Field(() => String, {
    nullable: true,
    description:
      'Raster tile template ({z}/{x}/{y}) from TILE_URL; null: the map draws the world outline it ships with.',
  })
  tileUrl!: string | null;
}

@Resolver()
export class ClientConfigResolver {
  @Query(() => ClientConfig, { description: 'Server settings the client needs; public.' })
  clientConfig(@Ctx() ctx: Context): ClientConfig {
    return { tileUrl: ctx.config.tileUrl };
  }
}
