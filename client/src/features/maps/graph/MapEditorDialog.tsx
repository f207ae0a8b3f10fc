// The MapEditor dialog (spec 000 §2): MapInfo (name, description, privacy, copying, causal links,
// and the author's choice of collaborators), Problems, Solutions and Participants (what of the
// space the map includes) and Links (its custom links). Checklist and link changes apply at once
// (each a step of undo); MapInfo applies with its button, checked as the server checks it.
import { useQuery } from '@apollo/client/react';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Pagination,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  MAP_COLLABORATORS_MAX,
  MAP_DESCRIPTION_MAX,
  USER_SEARCH_MIN,
  mapDescriptionSchema,
  mapNameSchema,
  parseMapNodeKey,
  spaceKindOf,
  type MapNodeKind,
} from '@rules';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nodesOf } from '../../../app/cursorPages';
import {
  ParticipantsDocument,
  SearchUsersDocument,
  SpaceGraphDocument,
  type MapGraphFragment,
  type ProgressMapDetailFragment,
} from '../../../gql/graphql';
import type { MapDraft } from './mapDraft';
import { EditDeleteActions } from './RowActions';
import { kindOf } from './scene';
import { fieldMessage, useKindLabels, useLinkTypeLabels } from './words';
import { EditorModal } from './EditorModal';

const LINKS_PAGE = 50;
const CHECKLIST_SHOWN = 300;
const PARTICIPANTS_FIRST = 200;

export interface MapInfoFields {
  name: string;
  description: string;
  isPrivate: boolean;
  copyEnabled: boolean;
  cldsEnabled: boolean;
  collaboratorIds: string[];
}

interface Person {
  id: string;
  displayName: string;
}

/** Collaborators: a private space's participants, or anyone found by name in a public space. */
function CollaboratorsPicker({
  spaceId,
  value,
  known,
  disabled,
  onChange,
}: {
  spaceId: string;
  value: string[];
  known: Person[];
  disabled: boolean;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const privateSpace = spaceKindOf(spaceId).kind === 'private';
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const participants = useQuery(ParticipantsDocument, {
    variables: { spaceId, status: 'active', first: PARTICIPANTS_FIRST },
    skip: disabled || !privateSpace,
  });
  const found = useQuery(SearchUsersDocument, {
    variables: { query },
    skip: disabled || privateSpace || query.length < USER_SEARCH_MIN,
  });
  const [picked, setPicked] = useState<Person[]>([]);
  const people = useMemo(() => {
    const all = new Map<string, Person>();
    for (const person of [...known, ...picked]) all.set(person.id, person);
    for (const item of nodesOf(participants.data?.participants))
      all.set(item.user.id, { id: item.user.id, displayName: item.user.displayName });
    for (const user of nodesOf(found.data?.searchUsers))
      all.set(user.id, { id: user.id, displayName: user.displayName });
    return [...all.values()];
  }, [known, picked, participants.data, found.data]);
  return (
    <MultiSelect
      label={t('mapEditor:info.collaborators')}
      description={
        disabled
          ? t('mapEditor:info.collaboratorsAuthorOnly')
          : privateSpace
            ? t('mapEditor:info.collaboratorsPrivate', { max: MAP_COLLABORATORS_MAX })
            : t('mapEditor:info.collaboratorsPublic', {
                min: USER_SEARCH_MIN,
                max: MAP_COLLABORATORS_MAX,
              })
      }
      data={people.map((person) => ({ value: person.id, label: person.displayName }))}
      value={value}
      onChange={(ids) => {
        setPicked(people.filter((person) => ids.includes(person.id)));
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={MAP_COLLABORATORS_MAX}
      disabled={disabled}
      nothingFoundMessage={t('mapEditor:info.nobodyFound')}
      clearable
    />
  );
}

function MapInfoTab({
  map,
  draft,
  onApply,
}: {
  map: ProgressMapDetailFragment;
  draft: MapDraft;
  onApply: (fields: MapInfoFields) => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<MapInfoFields>({
    name: draft.name,
    description: draft.description,
    isPrivate: draft.isPrivate,
    copyEnabled: draft.copyEnabled,
    cldsEnabled: draft.cldsEnabled,
    collaboratorIds: draft.collaboratorIds,
  });
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = mapNameSchema.safeParse(fields.name);
    const description = mapDescriptionSchema.safeParse(fields.description);
    const next = {
      name: name.success ? undefined : fieldMessage(t, name.error.issues[0]?.message ?? ''),
      description: description.success
        ? undefined
        : fieldMessage(t, description.error.issues[0]?.message ?? ''),
    };
    setErrors(next);
    if (!name.success || !description.success) return;
    onApply({ ...fields, name: name.data, description: description.data });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('mapEditor:info.name')}
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
          error={errors.name}
          required
        />
        <Textarea
          label={t('mapEditor:info.description')}
          description={t('mapEditor:info.descriptionHint', { max: MAP_DESCRIPTION_MAX })}
          value={fields.description}
          onChange={(event) => setFields({ ...fields, description: event.currentTarget.value })}
          error={errors.description}
          autosize
          minRows={3}
          maxRows={8}
        />
        <Switch
          label={t('mapEditor:info.private')}
          description={t('mapEditor:info.privateHint')}
          checked={fields.isPrivate}
          onChange={(event) => setFields({ ...fields, isPrivate: event.currentTarget.checked })}
        />
        <Switch
          label={t('mapEditor:info.copyEnabled')}
          checked={fields.copyEnabled}
          onChange={(event) => setFields({ ...fields, copyEnabled: event.currentTarget.checked })}
        />
        <Switch
          label={t('mapEditor:info.cldsEnabled')}
          description={t('mapEditor:info.cldsHint')}
          checked={fields.cldsEnabled}
          onChange={(event) => setFields({ ...fields, cldsEnabled: event.currentTarget.checked })}
        />
        <CollaboratorsPicker
          spaceId={map.spaceId}
          value={fields.collaboratorIds}
          known={map.collaborators}
          disabled={!map.canDelete}
          onChange={(collaboratorIds) => setFields({ ...fields, collaboratorIds })}
        />
        <Group justify="flex-end">
          <Button type="submit">{t('mapEditor:info.apply')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ChecklistItem {
  key: string;
  label: string;
}

/** The items of one kind the map may show, each ticked when it is on the map. */
function Checklist({
  items,
  excluded,
  onToggle,
}: {
  items: ChecklistItem[];
  excluded: ReadonlySet<string>;
  onToggle: (keys: string[], include: boolean) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? items.filter((item) => item.label.toLowerCase().includes(needle)) : items;
  const included = items.filter((item) => !excluded.has(item.key)).length;
  /** All or None: the items the search shows go on or off the map. */
  const toggleShown = (include: boolean) => () =>
    onToggle(
      shown.map((item) => item.key),
      include,
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t('mapEditor:checklist.filter')}
          aria-label={t('mapEditor:checklist.filter')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t('mapEditor:checklist.count', { count: items.length, included })}
        </Text>
      </Group>
      <Group gap="xs">
        <Button size="compact-xs" variant="light" onClick={toggleShown(true)}>
          {t('mapEditor:checklist.all')}
        </Button>
        <Button size="compact-xs" variant="light" onClick={toggleShown(false)}>
          {t('mapEditor:checklist.none')}
        </Button>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {t('mapEditor:checklist.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360}>
          <Stack gap={6}>
            {shown.slice(0, CHECKLIST_SHOWN).map((item) => (
              <Checkbox
                key={item.key}
                label={item.label}
                checked={!excluded.has(item.key)}
                onChange={(event) => onToggle([item.key], event.currentTarget.checked)}
              />
            ))}
            {shown.length > CHECKLIST_SHOWN ? (
              <Text size="xs" c="dimmed">
                {t('mapEditor:checklist.more', { count: shown.length - CHECKLIST_SHOWN })}
              </Text>
            ) : null}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function LinksTab({
  draft,
  nodeLabel,
  onEdit,
  onDelete,
}: {
  draft: MapDraft;
  nodeLabel: (key: string) => string;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const types = useLinkTypeLabels();
  const kinds = useKindLabels();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(draft.links.length / LINKS_PAGE));
  const current = Math.min(page, pages);
  const kindName = (key: string) => {
    const kind = parseMapNodeKey(key)?.kind;
    return kind ? kinds[kind] : '';
  };
  if (draft.links.length === 0)
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('mapEditor:linksTable.empty')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <ScrollArea>
        <Table striped highlightOnHover miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mapEditor:linksTable.name')}</Table.Th>
              <Table.Th>{t('mapEditor:linksTable.linkType')}</Table.Th>
              <Table.Th>{t('mapEditor:linksTable.sourceType')}</Table.Th>
              <Table.Th>{t('mapEditor:linksTable.targetType')}</Table.Th>
              <Table.Th>{t('mapEditor:linksTable.source')}</Table.Th>
              <Table.Th>{t('mapEditor:linksTable.target')}</Table.Th>
              <Table.Th>{t('mapEditor:linksTable.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.links.slice((current - 1) * LINKS_PAGE, current * LINKS_PAGE).map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>{link.label || t('mapEditor:linksTable.unnamed')}</Table.Td>
                <Table.Td>{types[link.type]}</Table.Td>
                <Table.Td>{kindName(link.source)}</Table.Td>
                <Table.Td>{kindName(link.target)}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {nodeLabel(link.source)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {nodeLabel(link.target)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <EditDeleteActions
                      editTooltip={t('mapEditor:linksTable.edit')}
                      editLabel={t('mapEditor:linksTable.edit')}
                      deleteTooltip={t('mapEditor:linksTable.delete')}
                      deleteLabel={t('mapEditor:linksTable.delete')}
                      onEdit={() => onEdit(link.id)}
                      onDelete={() => onDelete(link.id)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 ? <Pagination total={pages} value={current} onChange={setPage} size="sm" /> : null}
    </Stack>
  );
}

/** Every item of a kind the map may show: the space's (or the recipe's graph's) and those excluded. */
function itemsOf(
  kind: MapNodeKind,
  graphs: readonly (MapGraphFragment | undefined)[],
  excluded: readonly string[],
  labelOf: (key: string) => string,
): ChecklistItem[] {
  const items = new Map<string, ChecklistItem>();
  for (const graph of graphs) {
    for (const node of graph?.nodes ?? []) {
      if (kindOf(node) === kind && !items.has(node.key))
        items.set(node.key, { key: node.key, label: node.label });
    }
  }
  for (const key of excluded) {
    if (parseMapNodeKey(key)?.kind === kind && !items.has(key))
      items.set(key, { key, label: labelOf(key) });
  }
  return [...items.values()].sort((a, b) => a.label.localeCompare(b.label));
}

export function MapEditorDialog({
  opened,
  map,
  draft,
  graph,
  recipe,
  labelOf,
  nodeLabel,
  onInfo,
  onToggle,
  onEditLink,
  onDeleteLink,
  onClose,
}: {
  opened: boolean;
  map: ProgressMapDetailFragment;
  draft: MapDraft;
  graph: MapGraphFragment;
  recipe: boolean;
  /** The label of an excluded node this editor saw (else a placeholder). */
  labelOf: (key: string) => string;
  nodeLabel: (key: string) => string;
  onInfo: (fields: MapInfoFields) => void;
  onToggle: (keys: string[], include: boolean) => void;
  onEditLink: (id: string) => void;
  onDeleteLink: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('info');
  // A space map may include any of the space's problems and solutions; a recipe's are its own.
  const space = useQuery(SpaceGraphDocument, {
    variables: { spaceId: map.spaceId },
    skip: !opened || recipe || (tab !== 'problems' && tab !== 'solutions'),
  });
  const excluded = useMemo(() => new Set(draft.excluded), [draft.excluded]);
  const graphs = [graph, space.data?.spaceGraph];
  return (
    <EditorModal
      opened={opened}
      onClose={onClose}
      title={t('mapEditor:mapEditor.title')}
      size={720}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="info">{t('mapEditor:mapEditor.tabs.info')}</Tabs.Tab>
          <Tabs.Tab value="problems">{t('mapEditor:mapEditor.tabs.problems')}</Tabs.Tab>
          <Tabs.Tab value="solutions">{t('mapEditor:mapEditor.tabs.solutions')}</Tabs.Tab>
          <Tabs.Tab value="participants">{t('mapEditor:mapEditor.tabs.participants')}</Tabs.Tab>
          <Tabs.Tab value="links">{t('mapEditor:mapEditor.tabs.links')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <MapInfoTab map={map} draft={draft} onApply={onInfo} />
        </Tabs.Panel>
        <Tabs.Panel value="problems" pt="md">
          <Checklist
            items={itemsOf('problem', graphs, draft.excluded, labelOf)}
            excluded={excluded}
            onToggle={onToggle}
          />
        </Tabs.Panel>
        <Tabs.Panel value="solutions" pt="md">
          <Checklist
            items={itemsOf('solution', graphs, draft.excluded, labelOf)}
            excluded={excluded}
            onToggle={onToggle}
          />
        </Tabs.Panel>
        <Tabs.Panel value="participants" pt="md">
          <Stack gap="xs">
            {draft.settings.showParticipants ? null : (
              <Text size="sm" c="dimmed">
                {t('mapEditor:checklist.participantsHidden')}
              </Text>
            )}
            <Checklist
              items={itemsOf('user', [graph], draft.excluded, labelOf)}
              excluded={excluded}
              onToggle={onToggle}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="links" pt="md">
          <LinksTab
            draft={draft}
            nodeLabel={nodeLabel}
            onEdit={onEditLink}
            onDelete={onDeleteLink}
          />
        </Tabs.Panel>
      </Tabs>
    </EditorModal>
  );
}
