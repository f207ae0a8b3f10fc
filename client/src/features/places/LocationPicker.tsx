import {
  Button,
  CloseButton,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconCurrentLocation, IconMapPin, IconSearch } from '@tabler/icons-react';
import { LOCATION_SEARCH_MIN, type LocationInput } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import {
  ReversePlaceDocument,
  SearchPlacesDocument,
  type PlaceResultFragment,
} from '../../gql/graphql';
import { countryName } from '../spaces';
import { PositionProblemNotice } from './PositionProblemNotice';
import { useViewerPosition } from './useViewerPosition';

const SEARCH_DEBOUNCE_MS = 300;

/** The place a post is about as the create and edit inputs send it. */
const locationOf = (place: PlaceResultFragment): LocationInput => ({
  lat: place.lat,
  lng: place.lng,
  formattedLocation: place.formattedLocation,
  locationTags: place.locationTags,
});

/** The country search is limited to: a country space's code; none for global, private or skills. */
function useSearchCountry(given: string | null | undefined): string | null {
  const active = useActiveSpace();
  const code = given === undefined ? (active.kind === 'country' ? active.code : null) : given;
  return code && /^[a-z]{2}$/iu.test(code) && code.toLowerCase() !== 'ww' ? code : null;
}

/**
 * The optional location of a story, problem or solution (000 §2 location search and dialogs):
 * the reader's current position (named after the nearest known place), or a place found by
 * searching text longer than 3 characters within the active space's country. Once chosen, the
 * place shows with Remove.
 */
export function LocationPicker({
  value,
  onChange,
  spaceCountryCode,
}: {
  value: LocationInput | null;
  onChange: (next: LocationInput | null) => void;
  /** Restricts search to a country; defaults to the active space's country (if it is one). */
  spaceCountryCode?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const country = useSearchCountry(spaceCountryCode);
  const client = useApolloClient();
  const { request, asking, problem, dismissProblem } = useViewerPosition();
  const [naming, setNaming] = useState(false);
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.length >= LOCATION_SEARCH_MIN;
  const { data, loading, error } = useQuery(SearchPlacesDocument, {
    variables: { query, countryCode: country },
    skip: !searching || !!value,
  });

  const pickCurrentPosition = async () => {
    const position = await request();
    if (!position) return;
    setNaming(true);
    // The nearest known place names the position; the post keeps the position itself.
    const named = await client
      .query({ query: ReversePlaceDocument, variables: position })
      .then((result) => result.data?.reversePlace ?? null)
      .catch(() => null);
    setNaming(false);
    onChange({
      ...position,
      formattedLocation: named?.formattedLocation ?? null,
      locationTags: named?.locationTags ?? [],
    });
  };

  const choose = (place: PlaceResultFragment) => {
    onChange(locationOf(place));
    setText('');
  };

  if (value)
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('places:picker.chosen')}
        </Text>
        <Paper withBorder radius="sm" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconMapPin size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" truncate="end">
                {value.formattedLocation ||
                  t('places:picker.currentPosition', {
                    lat: value.lat.toFixed(4),
                    lng: value.lng.toFixed(4),
                  })}
              </Text>
            </Group>
            <CloseButton aria-label={t('places:picker.remove')} onClick={() => onChange(null)} />
          </Group>
        </Paper>
      </Stack>
    );

  const results = searching && !loading ? (data?.searchPlaces ?? []) : [];
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {t('places:picker.label')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('places:picker.optional')}
        </Text>
      </div>
      <Button
        variant="light"
        leftSection={<IconCurrentLocation size={16} />}
        loading={asking || naming}
        onClick={() => void pickCurrentPosition()}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('places:picker.useCurrent')}
      </Button>
      <PositionProblemNotice problem={problem} onClose={dismissProblem} />
      <TextInput
        label={t('places:picker.search')}
        placeholder={t('places:picker.searchPlaceholder')}
        description={
          country
            ? t('places:picker.searchHintCountry', {
                country: countryName(country, i18n.language, country.toUpperCase()),
              })
            : t('places:picker.searchHint')
        }
        leftSection={<IconSearch size={16} />}
        rightSection={searching && loading ? <Loader size="xs" /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoComplete="off"
      />
      {error ? (
        <Text size="sm" c="red">
          {t('places:picker.searchFailed')}
        </Text>
      ) : searching && !loading && results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('places:picker.noResults')}
        </Text>
      ) : null}
      {results.length ? (
        <Stack gap={0} role="group" aria-label={t('places:picker.results')}>
          {results.map((place) => (
            <NavLink
              key={`${place.lat},${place.lng},${place.formattedLocation}`}
              component="button"
              type="button"
              label={place.formattedLocation}
              leftSection={<IconMapPin size={16} aria-hidden />}
              onClick={() => choose(place)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
