// The graph editor's menus at the pointer: the type of a link just drawn, and the right-click menu
// of the stage, a node or a link.
import { Menu } from '@mantine/core';
import { LINK_TYPES } from '@rules';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { nodePath } from '../mapPaths';
import { PointMenu } from './EditorDialogs';
import type { ToolbarAction } from './GraphToolbar';
import type { MapDraft } from './mapDraft';
import type { Scene } from './scene';
import type { DialogState } from './useDialogState';
import type { DraftEdits } from './useDraftEdits';
import type { LoopsAndPlay } from './useLoopsAndPlay';
import { useLinkTypeLabels } from './words';

export function PointerMenus({
  draft,
  editing,
  canEdit,
  scene,
  dialogs,
  edits,
  play,
  onAction,
}: {
  draft: MapDraft;
  editing: boolean;
  /** The viewer may edit the map: only then do the menus offer Edit. */
  canEdit: boolean;
  scene: Scene;
  dialogs: DialogState;
  edits: DraftEdits;
  play: LoopsAndPlay;
  onAction: (action: ToolbarAction) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typeLabels = useLinkTypeLabels();
  const { newLink, setNewLink, menu, setMenu, setDialog } = dialogs;
  const { setEditedLink, setEditedWaypoint, setDoomedWaypoint } = dialogs;
  const { addLink, setSettings, toggleNodes, deleteLinks } = edits;
  const { playNodes, setPlayFrom, startPlay } = play;

  const target = menu?.target;
  const menuNode = target?.kind === 'node' ? (scene.byKey.get(target.key) ?? null) : null;
  const menuLink =
    target?.kind === 'link' ? (draft.links.find((link) => link.id === target.id) ?? null) : null;
  const menuNodePath = menuNode ? nodePath(menuNode) : null;

  return (
    <>
      <PointMenu
        at={newLink?.at ?? null}
        label={t('mapEditor:linkMenu.label')}
        onClose={() => setNewLink(null)}
      >
        <Menu.Label>{t('mapEditor:linkMenu.title')}</Menu.Label>
        {LINK_TYPES.filter((type) => draft.cldsEnabled || !type.startsWith('cld')).map((type) => (
          <Menu.Item key={type} onClick={() => addLink(type)}>
            {typeLabels[type]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => setNewLink(null)}>{t('common:actions.cancel')}</Menu.Item>
      </PointMenu>

      <PointMenu
        at={menu?.at ?? null}
        label={t('mapEditor:contextMenu.label')}
        onClose={() => setMenu(null)}
      >
        {menu?.target.kind === 'pane' ? (
          <>
            <Menu.Label>{t('mapEditor:stageMenu.title')}</Menu.Label>
            <Menu.Item
              onClick={() => setSettings({ showParticipants: !draft.settings.showParticipants })}
            >
              {draft.settings.showParticipants
                ? t('mapEditor:stageMenu.hideParticipants')
                : t('mapEditor:stageMenu.showParticipants')}
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                setSettings({ showSpaceSolutions: !draft.settings.showSpaceSolutions })
              }
            >
              {draft.settings.showSpaceSolutions
                ? t('mapEditor:stageMenu.hideSolutions')
                : t('mapEditor:stageMenu.showSolutions')}
            </Menu.Item>
            {editing || !canEdit ? null : (
              <Menu.Item onClick={() => onAction('edit')}>
                {t('mapEditor:stageMenu.edit')}
              </Menu.Item>
            )}
          </>
        ) : null}
        {menuNode ? (
          <>
            <Menu.Label>{menuNode.label}</Menu.Label>
            {menuNodePath ? (
              <Menu.Item onClick={() => void navigate(menuNodePath)}>
                {t('mapEditor:nodeMenu.open')}
              </Menu.Item>
            ) : null}
            {playNodes.some((node) => node.key === menuNode.key) ? (
              <Menu.Item
                onClick={() => {
                  setPlayFrom(menuNode.key);
                  startPlay(menuNode.key);
                }}
              >
                {t('mapEditor:nodeMenu.play')}
              </Menu.Item>
            ) : null}
            {editing && menuNode.kind === 'waypoint' ? (
              <>
                <Menu.Item
                  onClick={() => {
                    setEditedWaypoint(menuNode);
                    setDialog(null);
                  }}
                >
                  {t('mapEditor:nodeMenu.editWaypoint')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => setDoomedWaypoint(menuNode)}>
                  {t('mapEditor:nodeMenu.deleteWaypoint')}
                </Menu.Item>
              </>
            ) : null}
            {editing && menuNode.kind !== 'waypoint' ? (
              <Menu.Item color="red" onClick={() => toggleNodes([menuNode.key], false)}>
                {t('mapEditor:nodeMenu.remove')}
              </Menu.Item>
            ) : null}
          </>
        ) : null}
        {menuLink ? (
          <>
            <Menu.Label>
              {t('mapEditor:linkContext.title', { type: typeLabels[menuLink.type] })}
            </Menu.Label>
            {editing ? (
              <>
                <Menu.Item onClick={() => setEditedLink(menuLink)}>
                  {t('mapEditor:linkContext.edit')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => deleteLinks([menuLink.id])}>
                  {t('mapEditor:linkContext.delete')}
                </Menu.Item>
              </>
            ) : canEdit ? (
              <Menu.Item onClick={() => onAction('edit')}>
                {t('mapEditor:stageMenu.edit')}
              </Menu.Item>
            ) : null}
          </>
        ) : null}
      </PointMenu>
    </>
  );
}
