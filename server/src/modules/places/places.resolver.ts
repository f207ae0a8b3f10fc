import { Arg, Ctx, Float, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { Place } from './location.types';
import { LocatedPost } from './places.types';
import * as placesService from './places.service';

@Resolver()
export class PlacesResolver {
  @Query(() => [Place], {
    description:
      'Places matching the text (more than 3 characters), best first; in one country when countryCode (ISO alpha-2, either case) is given.',
  })
  searchPlaces(
    @Ctx() ctx: Context,
    @Arg('query', () => String) query: string,
    @Arg('countryCode', () => String, { nullable: true }) countryCode?: string,
  ) {
    return placesService.searchPlaces(ctx, { query, countryCode });
  }

  @Query(() => Place, {
    nullable: true,
    description: 'The town at or nearest a position (current position); null when none is near.',
  })
  reversePlace(
    @Ctx() ctx: Context,
    @Arg('lat', () => Float) lat: number,
    @Arg('lng', () => Float) lng: number,
  ) {
    return placesService.reversePlace(ctx, { lat, lng });
  }

  @Query(() => [LocatedPost], {
    description:
      'Located stories, problems and solutions of a space the viewer may see, newest first (the /location map).',
  })
  spaceLocations(@Ctx() ctx: Context, @Arg('spaceId', () => ID) spaceId: string) {
    return placesService.spaceLocations(ctx, spaceId);
  }
}
