import { Badge, Group, Tooltip } from '@mantine/core';
import {
  IconChartAreaLine,
  IconChartDots3,
  IconLayoutKanban,
  IconLock,
  IconMapPin,
} from '@tabler/icons-react';
import type { GraphType, MapNodeKind, MapSort, MapType } from '@rules';
import { useTranslation } from 'react-i18next';
import type { MapOwnerFilter } from './mapLists';

/**
 * Labels of map types, graph types, sorts, owners and node kinds, each a literal key (so the
 * locale test sees them).
 */
export function useMapLabels() {
  const { t } = useTranslation();
  const types: Record<MapType, string> = {
    graph: t('maps:types.graph'),
    kanban: t('maps:types.kanban'),
    scurve: t('maps:types.scurve'),
    location: t('maps:types.location'),
  };
  const typeHints: Record<MapType, string> = {
    graph: t('maps:typeHints.graph'),
    kanban: t('maps:typeHints.kanban'),
    scurve: t('maps:typeHints.scurve'),
    location: t('maps:typeHints.location'),
  };
  const sorts: Record<MapSort, string> = {
    recent: t('maps:sort.recent'),
    az: t('maps:sort.az'),
    za: t('maps:sort.za'),
  };
  const owners: Record<MapOwnerFilter, string> = {
    community: t('maps:owner.community'),
    mine: t('maps:owner.mine'),
  };
  const graphTypes: Record<GraphType, string> = {
    '2D': t('maps:graphTypes.2D'),
    '3D': t('maps:graphTypes.3D'),
  };
  const nodeKinds: Record<MapNodeKind, string> = {
    problem: t('maps:nodeKinds.problem'),
    solution: t('maps:nodeKinds.solution'),
    story: t('maps:nodeKinds.story'),
    tag: t('maps:nodeKinds.tag'),
    user: t('maps:nodeKinds.user'),
    waypoint: t('maps:nodeKinds.waypoint'),
  };
  const known = <K extends string>(labels: Record<K, string>, key: string) =>
    key in labels ? labels[key as K] : key;
  return {
    types,
    typeHints,
    sorts,
    owners,
    graphTypes,
    nodeKinds,
    type: (type: string) => known(types, type),
    nodeKind: (kind: string) => known(nodeKinds, kind),
  };
}

const TYPE_ICONS: Record<MapType, typeof IconChartDots3> = {
  graph: IconChartDots3,
  kanban: IconLayoutKanban,
  scurve: IconChartAreaLine,
  location: IconMapPin,
};

export function MapTypeIcon({ type, size = 20 }: { type: string; size?: number }) {
  const Icon = TYPE_ICONS[type as MapType] ?? IconChartDots3;
  return <Icon size={size} aria-hidden />;
}

/** The type chip, the 2D / 3D chips of a graph map, and a lock when it is private. */
export function MapChips({
  map,
}: {
  map: { type: string; graphTypes: readonly string[]; isPrivate: boolean };
}) {
  const { t } = useTranslation();
  const labels = useMapLabels();
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" radius="sm" size="sm" tt="none">
        {labels.type(map.type)}
      </Badge>
      {map.type === 'graph'
        ? map.graphTypes.map((graphType) => (
            <Badge key={graphType} variant="outline" color="grape" radius="sm" size="sm">
              {graphType}
            </Badge>
          ))
        : null}
      {map.isPrivate ? (
        <Tooltip label={t('maps:card.private')} withArrow>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            size="sm"
            leftSection={<IconLock size={12} aria-hidden />}
            aria-label={t('maps:card.private')}
          >
            {t('maps:card.privateShort')}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
