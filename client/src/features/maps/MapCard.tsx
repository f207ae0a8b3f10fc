import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { mapDescriptionPreview, type ShareTarget } from '@rules';
import { useTranslation } from 'react-i18next';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { Link } from 'react-router';
import { AuthorActionsMenu } from '../../components/AuthorActionsMenu';
import { RelativeTime } from '../../components/RelativeTime';
import type { ProgressMapCardFragment } from '../../gql/graphql';
import { BookmarkButton } from '../bookmarks';
import { AuthorName } from '../people';
import { ShareButton } from '../share';
import { MapChips, MapTypeIcon } from './MapBits';
import { mapPath } from './mapPaths';

export type MapView = 'cards' | 'titles';

/** What a map's share link names: a recipe on its problem, any other map as a space map. */
export const mapShareTarget = (map: { id: string; problemId?: string | null }): ShareTarget =>
  map.problemId
    ? { kind: 'recipe', problemId: map.problemId, id: map.id }
    : { kind: 'spacemap', id: map.id };

export interface MapItemProps {
  map: ProgressMapCardFragment;
  view: MapView;
  /** The author's (and collaborators') Edit; the author's Delete. */
  onEdit: (map: ProgressMapCardFragment) => void;
  onDelete: (map: ProgressMapCardFragment) => void;
}

/**
 * A map in a list (spec 000 §2 'Maps list'): type icon, name, type chip, 2D or 3D chip, author,
 * private lock, updated date, share, bookmark and Open; Edit and Delete for its author. As a card
 * it also shows the start of its description; as a title, one line.
 */
export function MapItem({ map, view, onEdit, onDelete }: MapItemProps) {
  const { t } = useTranslation();
  const to = mapPath(map);
  const actions = (
    <Group gap={4} wrap="nowrap">
      <ShareButton target={mapShareTarget(map)} spaceId={map.spaceId} title={map.name} />
      <BookmarkButton itemType="views" item={map} />
      {map.canEdit || map.canDelete ? (
        <AuthorActionsMenu
          label={t('maps:card.actions', { name: map.name })}
          onEdit={map.canEdit ? () => onEdit(map) : undefined}
          onDelete={map.canDelete ? () => onDelete(map) : undefined}
        />
      ) : null}
      <Button
        component={Link}
        to={to}
        size="compact-sm"
        variant="light"
        rightSection={<IconExternalLink size={14} aria-hidden />}
        aria-label={t('maps:card.openNamed', { name: map.name })}
      >
        {t('maps:card.open')}
      </Button>
    </Group>
  );
  const updated = (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {t('maps:card.updated')}
      </Text>
      <RelativeTime date={map.updatedAt} size="xs" />
    </Group>
  );
  const title = (
    <Anchor
      component={Link}
      to={to}
      fw={700}
      c="inherit"
      underline="hover"
      style={{ overflowWrap: 'anywhere' }}
    >
      {map.name}
    </Anchor>
  );

  if (view === 'titles')
    return (
      <Card withBorder radius="sm" padding="xs" component="article">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
            <MapTypeIcon type={map.type} size={18} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              {title}
              <Group gap={6}>
                <MapChips map={map} />
                <Text size="xs" c="dimmed">
                  {map.author.displayName}
                </Text>
                {updated}
              </Group>
            </Stack>
          </Group>
          {actions}
        </Group>
      </Card>
    );

  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MapTypeIcon type={map.type} size={26} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            {title}
            <MapChips map={map} />
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {map.description ? mapDescriptionPreview(map.description) : t('maps:card.noDescription')}
        </Text>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <AuthorAvatar
              author={map.author}
              anonymous={false}
              name={map.author.displayName}
              size={28}
            />
            <Stack gap={0}>
              <AuthorName author={map.author} name={map.author.displayName} anonymous={false} />
              {updated}
            </Stack>
          </Group>
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}
