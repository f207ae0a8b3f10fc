// The panels beside the canvas: search (by name or by tags), Find Node, the Loops panel (with the
// play), and the legend.
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  ColorSwatch,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlayerPlay, IconPlayerStop, IconSearch } from '@tabler/icons-react';
import {
  LINK_POLARITY_LABELS,
  LINK_TYPE_STYLES,
  LINK_TYPES,
  PROBLEM_STATUSES,
  problemStatusColor,
  type LoopPolarity,
} from '@rules';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatusLabel } from '../../problems';
import { LOOP_COLORS } from './CanvasOverlays';
import classes from './GraphMap.module.css';
import { KIND_COLORS } from './MapNodes';
import { kindOf, searchNodes, type GraphNode, type SearchMode } from './scene';
import type { NamedLoop } from './useLoops';
import { useKindLabels, useLinkTypeLabels, usePolarityLabels } from './words';
import { EditorModal } from './EditorModal';

/** Spec 001 §9: the name search runs 100 ms after typing. */
const SEARCH_DELAY_MS = 100;
const RESULTS_SHOWN = 30;
const FIND_OPTIONS_SHOWN = 50;

function PanelFrame({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper shadow="md" radius="md" p="sm" withBorder w={300} className={classes.panel}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        <CloseButton aria-label={t('mapEditor:panels.close', { name: title })} onClick={onClose} />
      </Group>
      {children}
    </Paper>
  );
}

export function SearchPanel({
  nodes,
  onMatches,
  onShowAll,
  onFocusNode,
  onFilterTags,
  onClose,
}: {
  nodes: readonly GraphNode[];
  /** The matches, highlighted on the canvas. */
  onMatches: (keys: string[]) => void;
  onShowAll: (keys: string[]) => void;
  onFocusNode: (key: string) => void;
  /** Narrows the map itself to these tags (the page's filter bar). */
  onFilterTags: (tags: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SearchMode>('name');
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [query] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const allTags = useMemo(
    () => [...new Set(nodes.flatMap((node) => node.tags))].sort((a, b) => a.localeCompare(b)),
    [nodes],
  );
  const matches = useMemo(() => searchNodes(nodes, mode, query, tags), [nodes, mode, query, tags]);
  useEffect(() => {
    onMatches(matches.map((node) => node.key));
  }, [matches, onMatches]);
  useEffect(() => () => onMatches([]), [onMatches]);

  return (
    <PanelFrame title={t('mapEditor:search.title')} onClose={onClose}>
      <Stack gap="xs">
        <SegmentedControl
          fullWidth
          size="xs"
          value={mode}
          onChange={(value) => setMode(value as SearchMode)}
          data={[
            { value: 'name', label: t('mapEditor:search.byName') },
            { value: 'tags', label: t('mapEditor:search.byTags') },
          ]}
        />
        {mode === 'name' ? (
          <TextInput
            size="xs"
            leftSection={<IconSearch size={14} />}
            aria-label={t('mapEditor:search.name')}
            placeholder={t('mapEditor:search.name')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
        ) : (
          <TagsInput
            size="xs"
            aria-label={t('mapEditor:search.tags')}
            placeholder={tags.length ? undefined : t('mapEditor:search.tags')}
            data={allTags}
            value={tags}
            onChange={setTags}
            clearable
          />
        )}
        <Group justify="space-between">
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('mapEditor:search.found', { count: matches.length })}
          </Text>
          {matches.length > 0 ? (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onShowAll(matches.map((node) => node.key))}
            >
              {t('mapEditor:search.showAll')}
            </Button>
          ) : null}
        </Group>
        {mode === 'tags' && tags.length > 0 ? (
          <Button size="compact-xs" variant="subtle" onClick={() => onFilterTags(tags)}>
            {t('mapEditor:search.filterTags')}
          </Button>
        ) : null}
        <Stack gap={2}>
          {matches.slice(0, RESULTS_SHOWN).map((node) => (
            <UnstyledButton
              key={node.key}
              onClick={() => onFocusNode(node.key)}
              px={6}
              py={4}
              style={{ borderRadius: 4 }}
            >
              <Text size="sm" lineClamp={1}>
                {node.label}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Stack>
    </PanelFrame>
  );
}

/** Find Node: pick a node by name, the canvas centres on it. */
export function FindNodeDialog({
  opened,
  nodes,
  onFind,
  onClose,
}: {
  opened: boolean;
  nodes: readonly GraphNode[];
  onFind: (key: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kinds = useKindLabels();
  const data = useMemo(
    () =>
      nodes.map((node) => ({
        value: node.key,
        label: `${node.label} (${kinds[kindOf(node)]})`,
      })),
    [nodes, kinds],
  );
  return (
    <EditorModal opened={opened} onClose={onClose} title={t('mapEditor:find.title')}>
      <Select
        label={t('mapEditor:find.label')}
        placeholder={t('mapEditor:find.placeholder')}
        data={data}
        searchable
        limit={FIND_OPTIONS_SHOWN}
        nothingFoundMessage={t('mapEditor:find.nothing')}
        onChange={(key) => {
          if (key) onFind(key);
        }}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </EditorModal>
  );
}

export type LoopFilter = 'all' | 'progress';

/** A loop's name (R1, B2…) on its polarity's colour; the letter says the polarity too. */
function LoopName({ name, polarity }: { name: string; polarity: LoopPolarity }) {
  return (
    <Text
      span
      size="xs"
      fw={700}
      c="white"
      bg={LOOP_COLORS[polarity]}
      px={6}
      py={2}
      style={{ borderRadius: 4, whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {name}
    </Text>
  );
}

export function LoopsPanel({
  loops,
  truncated,
  searching,
  filter,
  onFilter,
  nodeLabel,
  onHover,
  onFocusLoop,
  playNodes,
  playFrom,
  onPlayFrom,
  playing,
  onPlay,
  onStop,
  onClose,
}: {
  loops: readonly NamedLoop[];
  truncated: boolean;
  searching: boolean;
  filter: LoopFilter;
  onFilter: (filter: LoopFilter) => void;
  nodeLabel: (key: string) => string;
  onHover: (loop: NamedLoop | null) => void;
  onFocusLoop: (loop: NamedLoop) => void;
  playNodes: readonly GraphNode[];
  playFrom: string | null;
  onPlayFrom: (key: string | null) => void;
  playing: boolean;
  onPlay: () => void;
  onStop: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const polarity = usePolarityLabels();
  const shown = filter === 'progress' ? loops.filter((loop) => loop.throughProgress) : loops;
  return (
    <PanelFrame title={t('mapEditor:loops.title')} onClose={onClose}>
      <Stack gap="xs">
        <Stack gap={4}>
          <Text size="xs" fw={600}>
            {t('mapEditor:play.title')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Select
              size="xs"
              style={{ flex: 1 }}
              aria-label={t('mapEditor:play.from')}
              placeholder={t('mapEditor:play.from')}
              data={playNodes.map((node) => ({ value: node.key, label: node.label }))}
              value={playFrom}
              onChange={onPlayFrom}
              searchable
              limit={FIND_OPTIONS_SHOWN}
              nothingFoundMessage={t('mapEditor:play.nothing')}
            />
            {playing ? (
              <ActionIcon
                size="lg"
                color="red"
                aria-label={t('mapEditor:play.stop')}
                onClick={onStop}
              >
                <IconPlayerStop size={18} />
              </ActionIcon>
            ) : (
              <ActionIcon
                size="lg"
                aria-label={t('mapEditor:play.play')}
                onClick={onPlay}
                disabled={!playFrom}
              >
                <IconPlayerPlay size={18} />
              </ActionIcon>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('mapEditor:play.explain')}
          </Text>
        </Stack>
        <SegmentedControl
          fullWidth
          size="xs"
          value={filter}
          onChange={(value) => onFilter(value as LoopFilter)}
          data={[
            { value: 'all', label: t('mapEditor:loops.all') },
            { value: 'progress', label: t('mapEditor:loops.progress') },
          ]}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {searching
            ? t('mapEditor:loops.searching')
            : t('mapEditor:loops.count', { count: shown.length })}
        </Text>
        {truncated ? (
          <Text size="xs" c="orange.8">
            {t('mapEditor:loops.truncated')}
          </Text>
        ) : null}
        {shown.length === 0 && !searching ? (
          <Text size="sm" c="dimmed">
            {filter === 'progress'
              ? t('mapEditor:loops.noneThroughProgress')
              : t('mapEditor:loops.none')}
          </Text>
        ) : null}
        <ScrollArea.Autosize mah={320}>
          <Stack gap={4}>
            {shown.map((loop) => (
              <UnstyledButton
                key={`${loop.name}-${loop.links.join(',')}`}
                onMouseEnter={() => onHover(loop)}
                onMouseLeave={() => onHover(null)}
                onFocus={() => onHover(loop)}
                onBlur={() => onHover(null)}
                onClick={() => onFocusLoop(loop)}
                p={6}
                style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
                aria-label={t('mapEditor:loops.item', {
                  name: loop.name,
                  polarity: polarity[loop.polarity],
                  count: loop.links.length,
                })}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <LoopName name={loop.name} polarity={loop.polarity} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="xs" fw={600}>
                      {polarity[loop.polarity]} ·{' '}
                      {t('mapEditor:loops.length', { count: loop.links.length })}
                      {loop.throughProgress ? ` · ${t('mapEditor:loops.throughProgress')}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {[...loop.nodes, loop.nodes[0]!].map(nodeLabel).join(' → ')}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </PanelFrame>
  );
}

function LegendRow({ swatch, label }: { swatch: ReactNode; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {swatch}
      <Text size="xs">{label}</Text>
    </Group>
  );
}

export function Legend({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const kinds = useKindLabels();
  const types = useLinkTypeLabels();
  const statusLabel = useStatusLabel();
  const polarity = usePolarityLabels();
  return (
    <PanelFrame title={t('mapEditor:legend.title')} onClose={onClose}>
      <Stack gap={6}>
        <Text size="xs" fw={600}>
          {t('mapEditor:legend.nodes')}
        </Text>
        {PROBLEM_STATUSES.map((status) => (
          <LegendRow
            key={status}
            swatch={
              <svg width={14} height={14} viewBox="0 0 100 100" aria-hidden>
                <polygon points="50,4 97,92 3,92" fill={problemStatusColor(status)} />
              </svg>
            }
            label={t('mapEditor:legend.problemStatus', { status: statusLabel(status) })}
          />
        ))}
        {(['solution', 'story', 'tag', 'user', 'waypoint'] as const).map((kind) => (
          <LegendRow
            key={kind}
            swatch={<ColorSwatch color={KIND_COLORS[kind]} size={14} />}
            label={kinds[kind]}
          />
        ))}
        <Text size="xs" fw={600} mt={4}>
          {t('mapEditor:legend.links')}
        </Text>
        {LINK_TYPES.map((type) => (
          <LegendRow
            key={type}
            swatch={
              <svg width={24} height={10} aria-hidden>
                <line
                  x1={0}
                  y1={5}
                  x2={24}
                  y2={5}
                  stroke={LINK_TYPE_STYLES[type].color}
                  strokeWidth={3}
                />
              </svg>
            }
            label={[types[type], LINK_POLARITY_LABELS[type]].filter(Boolean).join(' ')}
          />
        ))}
        <LegendRow
          swatch={
            <svg width={24} height={10} aria-hidden>
              <line x1={0} y1={5} x2={24} y2={5} stroke="#C3C8CF" strokeWidth={2} />
            </svg>
          }
          label={t('mapEditor:legend.automatic')}
        />
        <Text size="xs" fw={600} mt={4}>
          {t('mapEditor:legend.loops')}
        </Text>
        {(['R', 'B', 'U'] as const).map((letter) => (
          <LegendRow
            key={letter}
            swatch={
              <Badge size="xs" color={LOOP_COLORS[letter]} variant="filled" radius="sm">
                {letter}
              </Badge>
            }
            label={polarity[letter]}
          />
        ))}
      </Stack>
    </PanelFrame>
  );
}
