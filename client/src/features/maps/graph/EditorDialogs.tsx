// The editor's small dialogs and menus: a menu at the pointer (link type, context menus), a name
// (Rename, Save As), the stale-save choice, the no-permission alert, a waypoint's fields and the
// waypoints list.
import {
  Button,
  Group,
  Menu,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconFocus2 } from '@tabler/icons-react';
import {
  MAP_MESSAGES,
  MAP_NAME_MAX,
  WAYPOINT_DESCRIPTION_MAX,
  mapNameSchema,
  waypointSchema,
} from '@rules';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { translateServerMessage } from '../../../components/notify';
import { EditDeleteActions, RowAction } from './RowActions';
import type { GraphNode } from './scene';
import { OVER_DIALOG_Z } from './words';
import { EditorModal } from './EditorModal';

/** A menu opened at a point of the screen (a right click, the end of a drawn link). */
export function PointMenu({
  at,
  label,
  onClose,
  children,
}: {
  at: { x: number; y: number } | null;
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Menu
      opened={at !== null}
      onChange={(opened) => !opened && onClose()}
      position="bottom-start"
      shadow="md"
      withinPortal
    >
      <Menu.Target>
        {/* The point the menu opens at. Mantine marks its target as opening a menu, which only a
            button may say; it is never focused (the menu opens from a click on the canvas). */}
        <div
          role="button"
          tabIndex={-1}
          aria-label={label}
          style={{ position: 'fixed', left: at?.x ?? 0, top: at?.y ?? 0, width: 1, height: 1 }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** A map name, checked as the server checks it (Rename, Save As). */
export function NameDialog({
  opened,
  title,
  initial,
  submitLabel,
  loading = false,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  loading?: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(opened);
  // Every opening starts from the name given.
  if (opened !== shownFor) {
    setShownFor(opened);
    if (opened) {
      setName(initial);
      setError(null);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mapNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(
        translateServerMessage(t, parsed.error.issues[0]?.message ?? MAP_MESSAGES.nameRequired),
      );
      return;
    }
    onSubmit(parsed.data);
  };
  return (
    <EditorModal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('mapEditor:info.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={MAP_NAME_MAX + 20}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </EditorModal>
  );
}

/** A save refused as stale: reload (losing this editor's changes) or keep them in a copy. */
export function ConflictDialog({
  opened,
  canCopy,
  copying,
  onReload,
  onCopy,
  onClose,
}: {
  opened: boolean;
  canCopy: boolean;
  copying: boolean;
  onReload: () => void;
  onCopy: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EditorModal opened={opened} onClose={onClose} title={t('mapEditor:conflict.title')}>
      <Stack>
        <Text size="sm">{translateServerMessage(t, MAP_MESSAGES.stale)}</Text>
        <Text size="sm" c="dimmed">
          {t('mapEditor:conflict.explain')}
        </Text>
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="light" color="red" onClick={onReload}>
            {t('mapEditor:conflict.reload')}
          </Button>
          {canCopy ? (
            <Button onClick={onCopy} loading={copying}>
              {t('mapEditor:conflict.copy')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </EditorModal>
  );
}

/** 'You have unsaved changes!': Cancel, or go on without saving. */
export function UnsavedChangesDialog({
  opened,
  onExit,
  onCancel,
}: {
  opened: boolean;
  onExit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('mapEditor:unsaved.title')}
      message={t('mapEditor:unsaved.message')}
      confirmLabel={t('mapEditor:unsaved.exit')}
      onConfirm={onExit}
      onCancel={onCancel}
    />
  );
}

export interface WaypointFields {
  name: string;
  description: string;
}

/** A waypoint's name and description (adding one, or editing it). */
export function WaypointDialog({
  opened,
  initial,
  loading,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  /** Editing this waypoint; null adds one. */
  initial: WaypointFields | null;
  loading: boolean;
  onSubmit: (fields: WaypointFields) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<WaypointFields>({ name: '', description: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof WaypointFields, string>>>({});
  const [shownFor, setShownFor] = useState(false);
  if (opened !== shownFor) {
    setShownFor(opened);
    if (opened) {
      setFields(initial ?? { name: '', description: '' });
      setErrors({});
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = waypointSchema.safeParse(fields);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'description') && !next[field])
          next[field] = translateServerMessage(t, issue.message);
      }
      setErrors(next);
      return;
    }
    onSubmit({ name: parsed.data.name, description: parsed.data.description });
  };
  return (
    <EditorModal
      opened={opened}
      onClose={onClose}
      title={initial ? t('mapEditor:waypoint.editTitle') : t('mapEditor:waypoint.addTitle')}
      zIndex={OVER_DIALOG_Z}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('mapEditor:waypoint.name')}
            value={fields.name}
            onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
            error={errors.name}
            required
            data-autofocus
          />
          <Textarea
            label={t('mapEditor:waypoint.description')}
            value={fields.description}
            onChange={(event) => setFields({ ...fields, description: event.currentTarget.value })}
            error={errors.description}
            autosize
            minRows={3}
            maxRows={8}
            description={t('mapEditor:waypoint.descriptionHint', { max: WAYPOINT_DESCRIPTION_MAX })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={loading}>
              {initial ? t('mapEditor:waypoint.save') : t('mapEditor:waypoint.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </EditorModal>
  );
}

/** The map's waypoints: find one on the map; edit and delete them in edit mode. */
export function WaypointsListDialog({
  opened,
  waypoints,
  editing,
  onFind,
  onEdit,
  onDelete,
  onClose,
}: {
  opened: boolean;
  waypoints: readonly GraphNode[];
  editing: boolean;
  onFind: (key: string) => void;
  onEdit: (node: GraphNode) => void;
  onDelete: (node: GraphNode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EditorModal opened={opened} onClose={onClose} title={t('mapEditor:waypoints.title')}>
      {waypoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('mapEditor:waypoints.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mapEditor:waypoint.name')}</Table.Th>
                <Table.Th>
                  <Text span size="sm" fw={700}>
                    {t('mapEditor:waypoints.actions')}
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {waypoints.map((node) => (
                <Table.Tr key={node.key}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {node.label}
                    </Text>
                    {node.description ? (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {node.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <RowAction
                        tooltip={t('mapEditor:waypoints.find')}
                        label={t('mapEditor:waypoints.findNamed', { name: node.label })}
                        onClick={() => onFind(node.key)}
                      >
                        <IconFocus2 size={16} />
                      </RowAction>
                      {editing ? (
                        <EditDeleteActions
                          editTooltip={t('mapEditor:waypoints.edit')}
                          editLabel={t('mapEditor:waypoints.editNamed', { name: node.label })}
                          deleteTooltip={t('mapEditor:waypoints.delete')}
                          deleteLabel={t('mapEditor:waypoints.deleteNamed', { name: node.label })}
                          onEdit={() => onEdit(node)}
                          onDelete={() => onDelete(node)}
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </EditorModal>
  );
}
