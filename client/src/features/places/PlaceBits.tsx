// Small pieces the story and problem lists share for places: the Nearby/All switch with the
// position it needs, a card's distance ("12 km away") and a post's location line.
import { Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { DistanceFilter } from '@rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PositionProblemNotice } from './PositionProblemNotice';
import { useViewerPosition, type ViewerPosition } from './useViewerPosition';

/** Where the reader is and how far to look: what the location sort and the nearby filter send. */
export interface PlaceFilter {
  distance: DistanceFilter;
  /** Set once the browser gave it; needed by the location sort and by Nearby. */
  position: ViewerPosition | null;
}

export const DEFAULT_PLACE_FILTER: PlaceFilter = { distance: 'all', position: null };

/** Whether a list with this sort and filter is asked for by position. */
export const needsPosition = (orderBy: string | null | undefined, filter: PlaceFilter) =>
  orderBy === 'location' || filter.distance === 'nearby';

/**
 * Getting the position for a choice that needs it: `withPosition(apply)` asks (once per session)
 * and applies the choice only when a position came; `notice` tells why when it did not.
 */
export function usePositionChoice() {
  const { request, asking, problem, dismissProblem } = useViewerPosition();
  const withPosition = async (apply: (position: ViewerPosition) => void) => {
    const position = await request();
    if (position) apply(position);
  };
  return {
    withPosition,
    asking,
    notice: <PositionProblemNotice problem={problem} onClose={dismissProblem} />,
  };
}

/** Nearby (within NEARBY_RADIUS_KM of the reader) or All; choosing Nearby asks for the position. */
export function DistanceSwitch({
  value,
  onChange,
}: {
  value: PlaceFilter;
  onChange: (next: PlaceFilter) => void;
}) {
  const { t } = useTranslation();
  const { withPosition, asking, notice } = usePositionChoice();
  const labelId = useId();
  const choose = (distance: DistanceFilter) => {
    if (distance === 'all') onChange({ ...value, distance });
    else void withPosition((position) => onChange({ distance, position }));
  };
  return (
    <Stack gap={4}>
      <Text size="xs" fw={500} component="span" id={labelId}>
        {t('places:sort.distance')}
      </Text>
      <SegmentedControl
        size="xs"
        value={value.distance}
        onChange={(next) => choose(next as DistanceFilter)}
        disabled={asking}
        aria-labelledby={labelId}
        data={[
          { value: 'all', label: t('places:sort.all') },
          { value: 'nearby', label: t('places:sort.nearby') },
        ]}
      />
      {notice}
    </Stack>
  );
}

/** "12 km away" on a card listed by distance (whole kilometres; under one says so). */
export function DistanceLabel({ km }: { km: number | null | undefined }) {
  const { t } = useTranslation();
  if (km === null || km === undefined) return null;
  const rounded = Math.round(km);
  return (
    <Text size="xs" c="dimmed" component="span">
      {rounded < 1 ? t('places:distanceUnderOne') : t('places:distanceKm', { count: rounded })}
    </Text>
  );
}

/** A post's place as a pin and its name, on cards and detail pages. */
export function LocationLine({
  location,
}: {
  location: { formattedLocation?: string | null; lat: number; lng: number } | null | undefined;
}) {
  const { t } = useTranslation();
  if (!location) return null;
  const place =
    location.formattedLocation ||
    t('places:picker.currentPosition', {
      lat: location.lat.toFixed(4),
      lng: location.lng.toFixed(4),
    });
  return (
    <Group gap={4} wrap="nowrap">
      <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed" truncate="end">
        <VisuallyHidden>{t('places:picker.label')}: </VisuallyHidden>
        {place}
      </Text>
    </Group>
  );
}
