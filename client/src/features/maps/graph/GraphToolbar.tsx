// The editor's toolbar. View mode (spec 000 §2 'View toolbar'): Edit, Copy (Save As), Search,
// Fit, and the map's analysis (loops, legend, find, export; the 2D/3D toggle is the maps menu's,
// which changes the address). Edit mode adds
// Save, undo and redo, the Add menu (WayPoint, Problem; a recipe's Story button), delete, and the
// map menu (Exit Edit Mode, Save, Save As, Rename, Find Node, Zoom to Fit, Settings, MapEditor,
// WayPoints List).
import { ActionIcon, Button, Group, Indicator, Menu, Paper, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCopy,
  IconDeviceFloppy,
  IconDots,
  IconDownload,
  IconEdit,
  IconFileTypeSvg,
  IconFocus2,
  IconFlag,
  IconInfoCircle,
  IconJson,
  IconLayoutDistributeHorizontal,
  IconList,
  IconLogout,
  IconPencil,
  IconPhoto,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconSettings,
  IconTrash,
  IconTriangle,
  IconWriting,
  IconZoomScan,
} from '@tabler/icons-react';
import type { GraphType } from '@rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ToolbarAction =
  | 'edit'
  | 'copy'
  | 'search'
  | 'fit'
  | 'find'
  | 'loops'
  | 'legend'
  | 'save'
  | 'saveAs'
  | 'rename'
  | 'exit'
  | 'undo'
  | 'redo'
  | 'delete'
  | 'settings'
  | 'mapEditor'
  | 'waypoints'
  | 'addWaypoint'
  | 'addProblem'
  | 'addStory'
  | 'tidy'
  | 'play'
  | 'stop'
  | 'exportPng'
  | 'exportSvg'
  | 'exportJson';

export interface ToolbarState {
  editing: boolean;
  dirty: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** A saved map (the default map has no Save As, no menus of a map). */
  saved: boolean;
  canEdit: boolean;
  canCopy: boolean;
  recipe: boolean;
  hasSelection: boolean;
  playing: boolean;
  canPlay: boolean;
  loopCount: number;
  mode: GraphType;
}

function Tool({
  label,
  onClick,
  disabled = false,
  active = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  active?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        size="lg"
        aria-label={label}
        aria-pressed={active || undefined}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function GraphToolbar({
  state,
  panels,
  onAction,
}: {
  state: ToolbarState;
  panels: { search: boolean; loops: boolean; legend: boolean };
  onAction: (action: ToolbarAction) => void;
}) {
  const { t } = useTranslation();
  const act = (action: ToolbarAction) => () => onAction(action);
  const two = state.mode === '2D';
  return (
    <Paper shadow="sm" radius="md" p={4} withBorder>
      <Group gap={2} wrap="wrap" role="toolbar" aria-label={t('mapEditor:toolbar.label')}>
        {state.editing ? (
          <>
            <Button
              size="compact-sm"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={act('save')}
              loading={state.saving}
              disabled={!state.dirty}
              mx={4}
            >
              {t('mapEditor:toolbar.save')}
            </Button>
            <Tool
              label={t('mapEditor:toolbar.undo')}
              onClick={act('undo')}
              disabled={!state.canUndo}
            >
              <IconArrowBackUp size={18} />
            </Tool>
            <Tool
              label={t('mapEditor:toolbar.redo')}
              onClick={act('redo')}
              disabled={!state.canRedo}
            >
              <IconArrowForwardUp size={18} />
            </Tool>
            <Menu shadow="md" withinPortal position="bottom-start">
              <Menu.Target>
                <Tooltip label={t('mapEditor:toolbar.add')} withinPortal>
                  <ActionIcon variant="subtle" size="lg" aria-label={t('mapEditor:toolbar.add')}>
                    <IconPlus size={18} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFlag size={16} />} onClick={act('addWaypoint')}>
                  {t('mapEditor:add.waypoint')}
                </Menu.Item>
                <Menu.Item leftSection={<IconTriangle size={16} />} onClick={act('addProblem')}>
                  {t('mapEditor:add.problem')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {state.recipe ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconWriting size={16} />}
                onClick={act('addStory')}
              >
                {t('mapEditor:add.story')}
              </Button>
            ) : null}
            <Tool
              label={t('mapEditor:toolbar.delete')}
              onClick={act('delete')}
              disabled={!state.hasSelection}
            >
              <IconTrash size={18} />
            </Tool>
          </>
        ) : (
          <>
            {state.canEdit ? (
              <Tool label={t('mapEditor:toolbar.edit')} onClick={act('edit')}>
                <IconPencil size={18} />
              </Tool>
            ) : null}
            {state.saved && state.canCopy ? (
              <Tool label={t('mapEditor:toolbar.copy')} onClick={act('copy')}>
                <IconCopy size={18} />
              </Tool>
            ) : null}
          </>
        )}
        <Tool label={t('mapEditor:toolbar.search')} onClick={act('search')} active={panels.search}>
          <IconSearch size={18} />
        </Tool>
        <Tool label={t('mapEditor:toolbar.fit')} onClick={act('fit')}>
          <IconZoomScan size={18} />
        </Tool>
        <Indicator
          label={state.loopCount}
          size={16}
          disabled={state.loopCount === 0}
          offset={6}
          color="orange"
        >
          <Tool label={t('mapEditor:toolbar.loops')} onClick={act('loops')} active={panels.loops}>
            <IconRefresh size={18} />
          </Tool>
        </Indicator>
        {state.playing ? (
          <Tool label={t('mapEditor:play.stop')} onClick={act('stop')} active>
            <IconPlayerStop size={18} />
          </Tool>
        ) : (
          <Tool
            label={t('mapEditor:toolbar.play')}
            onClick={act('play')}
            disabled={!state.canPlay || !two}
          >
            <IconPlayerPlay size={18} />
          </Tool>
        )}
        <Tool label={t('mapEditor:toolbar.legend')} onClick={act('legend')} active={panels.legend}>
          <IconInfoCircle size={18} />
        </Tool>
        <Menu shadow="md" withinPortal position="bottom-start">
          <Menu.Target>
            <Tooltip label={t('mapEditor:toolbar.export')} withinPortal>
              <ActionIcon variant="subtle" size="lg" aria-label={t('mapEditor:toolbar.export')}>
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPhoto size={16} />} onClick={act('exportPng')}>
              {t('mapEditor:export.png')}
            </Menu.Item>
            <Menu.Item leftSection={<IconFileTypeSvg size={16} />} onClick={act('exportSvg')}>
              {t('mapEditor:export.svg')}
            </Menu.Item>
            <Menu.Item leftSection={<IconJson size={16} />} onClick={act('exportJson')}>
              {t('mapEditor:export.json')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Menu shadow="md" withinPortal position="bottom-start">
          <Menu.Target>
            <Tooltip label={t('mapEditor:toolbar.more')} withinPortal>
              <ActionIcon variant="subtle" size="lg" aria-label={t('mapEditor:toolbar.more')}>
                <IconDots size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {state.editing ? (
              <>
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={act('exit')}>
                  {t('mapEditor:menu.exit')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={act('save')}
                  disabled={!state.dirty}
                >
                  {t('mapEditor:menu.save')}
                </Menu.Item>
              </>
            ) : state.canEdit ? (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={act('edit')}>
                {t('mapEditor:menu.edit')}
              </Menu.Item>
            ) : null}
            {state.saved && state.canCopy ? (
              <Menu.Item leftSection={<IconCopy size={16} />} onClick={act('saveAs')}>
                {t('mapEditor:menu.saveAs')}
              </Menu.Item>
            ) : null}
            {state.editing ? (
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={act('rename')}>
                {t('mapEditor:menu.rename')}
              </Menu.Item>
            ) : null}
            <Menu.Item leftSection={<IconFocus2 size={16} />} onClick={act('find')}>
              {t('mapEditor:menu.find')}
            </Menu.Item>
            <Menu.Item leftSection={<IconZoomScan size={16} />} onClick={act('fit')}>
              {t('mapEditor:menu.fit')}
            </Menu.Item>
            {state.editing && two ? (
              <Menu.Item
                leftSection={<IconLayoutDistributeHorizontal size={16} />}
                onClick={act('tidy')}
              >
                {t('mapEditor:menu.tidy')}
              </Menu.Item>
            ) : null}
            {state.editing && state.canEdit ? (
              <>
                <Menu.Item leftSection={<IconSettings size={16} />} onClick={act('settings')}>
                  {t('mapEditor:menu.settings')}
                </Menu.Item>
                <Menu.Item leftSection={<IconList size={16} />} onClick={act('mapEditor')}>
                  {t('mapEditor:menu.mapEditor')}
                </Menu.Item>
              </>
            ) : null}
            {state.saved && !state.recipe ? (
              <Menu.Item leftSection={<IconFlag size={16} />} onClick={act('waypoints')}>
                {t('mapEditor:menu.waypoints')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
