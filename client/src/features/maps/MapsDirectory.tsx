import { Button, Card, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconLayoutList, IconPlus, IconSearch } from '@tabler/icons-react';
import { MAP_SORTS, MAP_TYPES, type MapSort } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { useRequireSignIn, useViewer } from '../auth';
import { useMapLabels } from './MapBits';
import type { MapView } from './MapCard';
import { MapList } from './MapList';
import { mapListVariables, type MapOwnerFilter, type MapTypeFilter } from './mapLists';
import { MapWizardDialog } from './MapWizard';

/**
 * The active space's maps (spec 000 §2 'Maps list'): Community or My (signed in only), a type,
 * a sort, cards or titles, and a search by name among the maps loaded.
 */
export function MapsDirectory({ autoFocusSearch = false }: { autoFocusSearch?: boolean }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const { viewer } = useViewer();
  const requireSignIn = useRequireSignIn();
  const labels = useMapLabels();
  const [owner, setOwner] = useState<MapOwnerFilter>('community');
  const [type, setType] = useState<MapTypeFilter>('all');
  const [orderBy, setOrderBy] = useState<MapSort>('recent');
  const [view, setView] = useState<MapView>('cards');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  // Signed out, My has nobody to be: the list is the community's.
  const shownOwner = viewer ? owner : 'community';

  const newMap = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => requireSignIn(() => setCreating(true), { resume: true })}
    >
      {t('maps:menu.newMap')}
    </Button>
  );
  const empty =
    type !== 'all'
      ? { title: t('maps:list.noMatch'), description: t('maps:list.noMatchHint') }
      : shownOwner === 'mine'
        ? { title: t('maps:list.emptyMine'), action: newMap }
        : { title: t('maps:list.empty'), description: t('maps:list.emptyHint'), action: newMap };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          {viewer ? (
            <SegmentedControl
              size="xs"
              value={shownOwner}
              onChange={(value) => setOwner(value as MapOwnerFilter)}
              aria-label={t('maps:list.ownerFilter')}
              data={(['community', 'mine'] as const).map((value) => ({
                value,
                label: labels.owners[value],
              }))}
            />
          ) : null}
          <Select
            label={t('maps:list.type')}
            size="xs"
            w={150}
            value={type}
            allowDeselect={false}
            onChange={(value) => value && setType(value as MapTypeFilter)}
            data={[
              { value: 'all', label: t('maps:list.allTypes') },
              ...MAP_TYPES.map((value) => ({ value, label: labels.types[value] })),
            ]}
          />
          <Select
            label={t('maps:list.sort')}
            size="xs"
            w={130}
            value={orderBy}
            allowDeselect={false}
            onChange={(value) => value && setOrderBy(value as MapSort)}
            data={MAP_SORTS.map((value) => ({ value, label: labels.sorts[value] }))}
          />
          <TextInput
            label={t('maps:list.search')}
            placeholder={t('maps:list.searchPlaceholder')}
            size="xs"
            w={200}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={14} aria-hidden />}
            autoFocus={autoFocusSearch}
            type="search"
          />
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value as MapView)}
            aria-label={t('maps:list.view')}
            data={[
              {
                value: 'cards',
                label: <IconLayoutGrid size={16} aria-label={t('maps:list.cards')} />,
              },
              {
                value: 'titles',
                label: <IconLayoutList size={16} aria-label={t('maps:list.titles')} />,
              },
            ]}
          />
        </Group>
      </Card>
      <MapList
        variables={mapListVariables({ spaceId }, { owner: shownOwner, type, orderBy })}
        choices={`${shownOwner} ${type} ${orderBy}`}
        view={view}
        search={search}
        empty={empty}
        noMatch={t('maps:list.noSearchMatch')}
      />
      <MapWizardDialog opened={creating} onClose={() => setCreating(false)} spaceId={spaceId} />
    </Stack>
  );
}
