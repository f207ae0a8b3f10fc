import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { contextOf, ok, queryParam } from '../../rest/shell';
import { restPosition } from './nearness';
import * as placesService from './places.service';

/**
 * Place search for the location picker (`GET /places/search?query=&countryCode=` and
 * `GET /places/reverse?lat=&lng=`), and the /location map's pins
 * (`/list/v2?path=spaces/{id}/locations`).
 */
export function mountPlacesRest(router: Router, paths: PathRouter) {
  router.get('/places/search', async (req, res) => {
    const items = await placesService.searchPlaces(contextOf(res), {
      query: queryParam(req, 'query') ?? '',
      countryCode: queryParam(req, 'countryCode'),
    });
    ok(res, { items });
  });

  router.get('/places/reverse', async (req, res) => {
    const position = restPosition({ lat: queryParam(req, 'lat'), lng: queryParam(req, 'lng') });
    ok(res, { data: await placesService.reversePlace(contextOf(res), position) });
  });

  paths.registerList('spaces/:id/locations', async (ctx, _params, { id }) => ({
    items: await placesService.spaceLocations(ctx, id!),
    last: null,
  }));
}
