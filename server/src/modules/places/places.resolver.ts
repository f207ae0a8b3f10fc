import { LOCATION_SEARCH_MAX, LOCATION_SEARCH_MIN } from '@rules';
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
    @Arg('query', () => String, {
      description: `The text to match, ${LOCATION_SEARCH_MIN} to ${LOCATION_SEARCH_MAX} characters.`,
    })
    query: string,
    @Arg('countryCode', () => String, {
      nullable: true,
      description: "Only places in this country (usually the active space's code).",
    })
    countryCode?: string,
  ) {
    return placesService.searchPlaces(ctx, { query, countryCode });
  }

  @Query(() => Place, {
    nullable: true,
    description: 'The town at or nearest a position (current position); null when none is near.',
  })
  reversePlace(
    @Ctx() ctx: Context,
    @Arg('lat', () => Float, { description: 'Latitude in degrees, -90 to 90.' }) lat: number,
    @Arg('lng', () => Float, { description: 'Longitude in degrees, -180 to 180.' }) lng: number,
  ) {
    return placesService.reversePlace(ctx, { lat, lng });
  }

  @Query(() => [LocatedPost], {
    description:
      'Located stories, problems and solutions of a space the viewer may see, newest first (the /location map).',
  })
  spaceLocations(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: "The space's id." }) spaceId: string,
  ) {
    return placesService.spaceLocations(ctx, spaceId);
  }
}
