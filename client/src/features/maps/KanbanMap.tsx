import { Anchor, Badge, Card, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { IconArrowsExchange, IconGripVertical, IconLayoutKanban } from '@tabler/icons-react';
import { PROBLEM_STATUSES, problemStatusColor, type ProblemStatus } from '@rules';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../components/notify';
import {
  MapGraphDocument,
  ProblemStatusChangedDocument,
  SetProblemStatusDocument,
  type MapFiltersInput,
  type ProgressMapDetailFragment,
} from '../../gql/graphql';
import { useStatusLabel } from '../problems';
import { useMapCanvasLoadState } from './GraphView';
import {
  cardStatus,
  kanbanColumns,
  withStatus,
  withoutStatus,
  type MapNodeItem,
  type StatusOverrides,
} from './kanban';
import { nodePath } from './mapPaths';
import { IconMenu } from '../../components/IconMenu';
import { Menu } from '../../components/overlays';
import { EmptyNotice } from '../../components/EmptyNotice';

/** What a dragged card carries: the problem's id, under a type only this board reads. */
const DRAG_TYPE = 'application/x-bumps-problem';

/**
 * A kanban map (spec 000 §2): the map's problems as cards in columns by status. Dragging a card
 * to another column (or its 'Move to' menu, for the keyboard) changes the problem's status; only
 * the cards the viewer may move (the server's `canChangeStatus`: the author and joined members)
 * can be dragged or offer the menu. The server still decides, and a refusal shows its reason and
 * puts the card back. Everyone viewing sees cards move as statuses change (`problemStatusChanged`).
 */
export default function KanbanMap({
  map,
  filters,
}: {
  map: ProgressMapDetailFragment;
  filters: MapFiltersInput | null;
}) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(MapGraphDocument, {
    variables: { id: map.id, filters },
    fetchPolicy: 'cache-and-network',
  });
  const [overrides, setOverrides] = useState<StatusOverrides>({});
  const [dropTarget, setDropTarget] = useState<ProblemStatus | null>(null);
  const [setStatus] = useMutation(SetProblemStatusDocument);

  useSubscription(ProblemStatusChangedDocument, {
    variables: { spaceId: map.spaceId },
    ignoreResults: true,
    onData: ({ data: event }) => {
      const problem = event.data?.problemStatusChanged;
      if (problem) setOverrides((current) => withStatus(current, problem.id, problem.status));
    },
    onError: (caught) => console.warn('problemStatusChanged ended', caught),
  });

  const waiting = useMapCanvasLoadState({ data, loading, error, refetch });
  if (waiting) return waiting;
  const nodes = data?.mapGraph.nodes ?? [];
  const columns = kanbanColumns(nodes, overrides);

  // Only a card the viewer may move offers the move (it is signed in then).
  const move = (node: MapNodeItem, status: ProblemStatus) => {
    if (!node.canChangeStatus || cardStatus(node, overrides) === status) return;
    const previous = overrides[node.refId];
    setOverrides((current) => withStatus(current, node.refId, status));
    setStatus({ variables: { id: node.refId, status } }).catch((caught: unknown) => {
      setOverrides((current) =>
        previous === undefined
          ? withoutStatus(current, node.refId)
          : withStatus(current, node.refId, previous),
      );
      notifyError(caught);
    });
  };

  const drop = (event: DragEvent, status: ProblemStatus) => {
    event.preventDefault();
    setDropTarget(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    const node = nodes.find((item) => item.kind === 'problem' && item.refId === id);
    if (node) move(node, status);
  };

  if (columns.every((column) => column.cards.length === 0))
    return (
      <EmptyNotice
        icon={IconLayoutKanban}
        title={t('maps:kanban.empty')}
        hint={t('maps:kanban.emptyHint')}
      />
    );

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group gap="sm" align="stretch" wrap="nowrap" role="list" aria-label={t('maps:kanban.board')}>
        {columns.map((column) => (
          <KanbanColumnView
            key={column.status}
            status={column.status}
            cards={column.cards}
            highlighted={dropTarget === column.status}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropTarget(column.status);
            }}
            onDragLeave={() => setDropTarget(null)}
            onDrop={(event) => drop(event, column.status)}
            onMove={move}
          />
        ))}
      </Group>
    </ScrollArea>
  );
}

function KanbanColumnView({
  status,
  cards,
  highlighted,
  onDragOver,
  onDragLeave,
  onDrop,
  onMove,
}: {
  status: ProblemStatus;
  cards: MapNodeItem[];
  highlighted: boolean;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
  onMove: (node: MapNodeItem, status: ProblemStatus) => void;
}) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const color = problemStatusColor(status);
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      role="listitem"
      aria-label={t('maps:kanban.column', { status: label(status), count: cards.length })}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      style={{
        flex: '1 0 230px',
        minHeight: 320,
        borderTop: `4px solid ${color}`,
        background: highlighted ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-0)',
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 5, background: color }}
            />
            <Text fw={700} size="sm">
              {label(status)}
            </Text>
          </Group>
          <Badge variant="light" color="gray" size="sm">
            {cards.length}
          </Badge>
        </Group>
        {cards.map((node) => (
          <KanbanCard key={node.key} node={node} status={status} onMove={onMove} />
        ))}
      </Stack>
    </Card>
  );
}

function KanbanCard({
  node,
  status,
  onMove,
}: {
  node: MapNodeItem;
  status: ProblemStatus;
  onMove: (node: MapNodeItem, status: ProblemStatus) => void;
}) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const path = nodePath(node);
  const movable = node.canChangeStatus;
  return (
    <Card
      withBorder
      radius="sm"
      padding="xs"
      draggable={movable}
      onDragStart={
        movable
          ? (event) => {
              event.dataTransfer.setData(DRAG_TYPE, node.refId);
              event.dataTransfer.effectAllowed = 'move';
            }
          : undefined
      }
      style={{
        cursor: movable ? 'grab' : undefined,
        borderLeft: `3px solid ${problemStatusColor(status)}`,
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        {movable ? (
          <IconGripVertical size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
        ) : null}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          {path ? (
            <Anchor
              component={Link}
              to={path}
              size="sm"
              fw={600}
              c="inherit"
              style={{ overflowWrap: 'anywhere' }}
            >
              {node.label}
            </Anchor>
          ) : (
            <Text size="sm" fw={600}>
              {node.label}
            </Text>
          )}
          {node.description ? (
            <Text size="xs" c="dimmed" lineClamp={3}>
              {node.description}
            </Text>
          ) : null}
          {node.tags.length ? (
            <Group gap={4}>
              {node.tags.slice(0, 3).map((tag) => (
                <Badge key={tag} size="xs" variant="light" tt="none">
                  #{tag}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
        {movable ? (
          <IconMenu
            label={t('maps:kanban.moveNamed', { name: node.label })}
            icon={IconArrowsExchange}
            iconSize={14}
            size="sm"
          >
            <Menu.Label>{t('maps:kanban.moveTo')}</Menu.Label>
            {PROBLEM_STATUSES.map((target) => (
              <Menu.Item
                key={target}
                disabled={target === status}
                onClick={() => onMove(node, target)}
                leftSection={
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 5,
                      background: problemStatusColor(target),
                    }}
                  />
                }
              >
                {label(target)}
              </Menu.Item>
            ))}
          </IconMenu>
        ) : null}
      </Group>
    </Card>
  );
}
