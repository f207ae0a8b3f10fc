// The /location map: MapLibre GL with the server's raster tiles (TILE_URL) or, with none, a plain
// world outline shipped with the app (world-atlas countries, 110m), so the map needs no network.
// Posts are a circle layer; clicking one opens a popup linking to it.
import {
  LngLatBounds,
  Map as MapLibreMap,
  NavigationControl,
  Popup,
  setWorkerUrl,
  type GeoJSONSource,
  type LngLatBoundsLike,
  type MapLayerMouseEvent,
  type StyleSpecification,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is a file of the build (/assets): the Content-Security-Policy allows workers from
// this origin only, and a bundled chunk cannot find MapLibre's worker beside itself.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import countriesUrl from 'world-atlas/countries-110m.json?url';
import type { FeatureCollection, Point } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { useEffect, useRef } from 'react';

setWorkerUrl(workerUrl);

export interface MapPost {
  postType: string;
  postId: string;
  title: string | null;
  lat: number;
  lng: number;
  formattedLocation: string | null;
  /** Where the post's page is. */
  path: string;
}

export interface PlacesMapProps {
  posts: MapPost[];
  /** A raster tile template ({z}/{x}/{y}); null draws the world outline. */
  tileUrl: string | null;
  /** Texts for the popup, already translated. */
  typeLabel: (postType: string) => string;
  untitled: string;
  openLabel: string;
  /** The map's accessible name. */
  label: string;
  onOpen: (path: string) => void;
}

const COLORS = { story: '#228be6', problem: '#f76707', solution: '#2f9e44' };
const WORLD: LngLatBoundsLike = [
  [-170, -58],
  [190, 78],
];
/**
 * Closest zoom when fitting to posts: with tiles, one post alone shows its town, not its street;
 * the shipped outline is coarse (1:110m), so without tiles the map stays at country level.
 */
const fitMaxZoom = (tileUrl: string | null) => (tileUrl ? 10 : 4);

const outlineStyle = (tileUrl: string | null): StyleSpecification => ({
  version: 8,
  sources: tileUrl
    ? { tiles: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19 } }
    : {},
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#d6e6f2' } },
    ...(tileUrl ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }] : []),
  ],
});

async function addWorldOutline(map: MapLibreMap) {
  const response = await fetch(countriesUrl);
  const topology = (await response.json()) as Topology<{ countries: GeometryCollection }>;
  if (!map.getStyle()) return;
  map.addSource('world', { type: 'geojson', data: feature(topology, topology.objects.countries) });
  map.addLayer(
    { id: 'land', type: 'fill', source: 'world', paint: { 'fill-color': '#f4f1ea' } },
    'posts',
  );
  map.addLayer(
    {
      id: 'borders',
      type: 'line',
      source: 'world',
      paint: { 'line-color': '#a8a29e', 'line-width': 0.6 },
    },
    'posts',
  );
}

const postsData = (posts: MapPost[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: posts.map((post, index) => ({
    type: 'Feature',
    id: index,
    geometry: { type: 'Point', coordinates: [post.lng, post.lat] },
    properties: { index, postType: post.postType },
  })),
});

function fit(map: MapLibreMap, posts: MapPost[], tileUrl: string | null) {
  if (posts.length === 0) {
    map.fitBounds(WORLD, { padding: 10, animate: false });
    return;
  }
  const bounds = new LngLatBounds();
  for (const post of posts) bounds.extend([post.lng, post.lat]);
  map.fitBounds(bounds, { padding: 48, maxZoom: fitMaxZoom(tileUrl), animate: false });
}

/** The popup of one post: its kind, title and place, and a link to it (text only, never HTML). */
function popupContent(post: MapPost, props: PlacesMapProps) {
  const box = document.createElement('div');
  const kind = document.createElement('div');
  kind.textContent = props.typeLabel(post.postType);
  kind.style.cssText = 'font-size:12px;color:#666';
  const title = document.createElement('div');
  title.textContent = post.title || props.untitled;
  title.style.cssText = 'font-weight:600;margin:2px 0';
  box.append(kind, title);
  if (post.formattedLocation) {
    const place = document.createElement('div');
    place.textContent = post.formattedLocation;
    place.style.cssText = 'font-size:12px';
    box.append(place);
  }
  const link = document.createElement('a');
  link.href = post.path;
  link.textContent = props.openLabel;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    props.onOpen(post.path);
  });
  box.append(link);
  return box;
}

/** A MapLibre map of posts; it is made once and its data replaced when the posts change. */
export function PlacesMap(props: PlacesMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  // The latest props for the map's event handlers, which are bound once.
  const latest = useRef(props);
  latest.current = props;
  const { posts, tileUrl } = props;

  useEffect(() => {
    if (!container.current) return undefined;
    const map = new MapLibreMap({
      container: container.current,
      style: outlineStyle(tileUrl),
      bounds: WORLD,
      attributionControl: false,
      dragRotate: false,
      renderWorldCopies: false,
    });
    mapRef.current = map;
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.getCanvas().setAttribute('aria-label', latest.current.label);
    map.on('load', () => {
      map.addSource('posts', { type: 'geojson', data: postsData(latest.current.posts) });
      map.addLayer({
        id: 'posts',
        type: 'circle',
        source: 'posts',
        paint: {
          'circle-radius': 7,
          'circle-color': [
            'match',
            ['get', 'postType'],
            'problem',
            COLORS.problem,
            'solution',
            COLORS.solution,
            COLORS.story,
          ],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      if (!tileUrl) void addWorldOutline(map).catch(() => undefined);
      fit(map, latest.current.posts, tileUrl);
    });
    map.on('click', 'posts', (event: MapLayerMouseEvent) => {
      const index = event.features?.[0]?.properties.index as number | undefined;
      const post = index === undefined ? undefined : latest.current.posts[index];
      if (!post) return;
      new Popup({ closeButton: true, maxWidth: '260px' })
        .setLngLat([post.lng, post.lat])
        .setDOMContent(popupContent(post, latest.current))
        .addTo(map);
    });
    map.on('mouseenter', 'posts', () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', 'posts', () => (map.getCanvas().style.cursor = ''));
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const map = mapRef.current;
    const source = map?.getSource<GeoJSONSource>('posts');
    if (!map || !source) return;
    void source.setData(postsData(posts));
    fit(map, posts, tileUrl);
  }, [posts, tileUrl]);

  return (
    <div
      ref={container}
      style={{
        width: '100%',
        height: 'min(70dvh, 640px)',
        minHeight: 320,
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
      }}
    />
  );
}
