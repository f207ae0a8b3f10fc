import { ActionIcon, Button, FileButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconFileImport,
  IconHelp,
  IconHome,
  IconList,
  IconPencil,
  IconPlus,
  IconRoute,
  IconSearch,
  IconTimeline,
} from '@tabler/icons-react';
import { GRAPH_TYPES, type GraphType } from '@rules';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import type { ProgressMapCardFragment } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { MapsDirectory } from './MapsDirectory';
import { MapWizardDialog } from './MapWizard';
import { useMapImport } from './useMapImport';

/** The 2D/3D toggle: where each view of what is shown opens (null: that view does not exist). */
export interface MapViewLinks {
  current: GraphType | null;
  to: Record<GraphType, string | null>;
}

/** The directory's toggle: the viewer's last saved graph map, in 2D or 3D. */
export const BUMPSCAPE_VIEWS: MapViewLinks = {
  current: null,
  to: { '2D': '/bumpscapes/2d', '3D': '/bumpscapes/3d' },
};

export interface MapsMenuProps {
  views?: MapViewLinks | null;
  /**
   * On a map page, the map (Edit opens it in the wizard) or null for a space's default map;
   * left out elsewhere.
   */
  map?: ProgressMapCardFragment | null;
  /** On the directory itself: no Directory and Search buttons (the page is both). */
  inDirectory?: boolean;
}

function MenuIcon({
  label,
  children,
  ...link
}: { label: string; children: ReactNode } & (
  { to: string; onClick?: never } | { onClick: () => void; to?: never }
)) {
  const props = {
    variant: 'default' as const,
    size: 'lg' as const,
    'aria-label': label,
  };
  return (
    <Tooltip label={label} withArrow>
      {link.to !== undefined ? (
        <ActionIcon component={Link} to={link.to} {...props}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={link.onClick} {...props}>
          {children}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/**
 * The maps menu (spec 000 §2): New Map, a map from a file, the 2D/3D toggle, search, edit,
 * directory, help and home, plus the stories map and the waypoints. A toolbar of labelled icons,
 * so every entry is one click (and one link) away.
 */
export function MapsMenu({ views = BUMPSCAPE_VIEWS, map, inDirectory = false }: MapsMenuProps) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const requireSignIn = useRequireSignIn();
  const { importFile, importing } = useMapImport({ spaceId });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState(false);
  const { pathname } = useLocation();
  // The directory dialog belongs to the page it was opened on: opening a map from it closes it.
  const [directory, setDirectory] = useState<{ search: boolean; on: string } | null>(null);
  const directoryOpen = directory !== null && directory.on === pathname;
  const [help, setHelp] = useState(false);
  const fullScreen = useMediaQuery('(max-width: 36em)');

  return (
    <>
      <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('maps:menu.label')}>
        <Button
          size="sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => requireSignIn(() => setCreating(true), { resume: true })}
        >
          {t('maps:menu.newMap')}
        </Button>
        <FileButton
          onChange={(file) => requireSignIn(() => void importFile(file))}
          accept="application/json,.json"
        >
          {(props) => (
            <Tooltip label={t('maps:menu.fromFile')} withArrow>
              <ActionIcon
                {...props}
                variant="default"
                size="lg"
                loading={importing}
                aria-label={t('maps:menu.fromFile')}
              >
                <IconFileImport size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        {views ? (
          // Mantine's group is a role="group": its name says what the two buttons choose.
          <Button.Group aria-label={t('maps:menu.toggle')}>
            {GRAPH_TYPES.map((mode) => {
              const to = views.to[mode];
              const current = views.current === mode;
              return to && !current ? (
                <Button key={mode} component={Link} to={to} size="sm" variant="default">
                  {mode}
                </Button>
              ) : (
                <Button
                  key={mode}
                  size="sm"
                  variant={current ? 'filled' : 'default'}
                  disabled={!current}
                  aria-current={current ? 'page' : undefined}
                >
                  {mode}
                </Button>
              );
            })}
          </Button.Group>
        ) : null}
        {inDirectory ? null : (
          <MenuIcon
            label={t('maps:menu.search')}
            onClick={() => setDirectory({ search: true, on: pathname })}
          >
            <IconSearch size={18} />
          </MenuIcon>
        )}
        {/* Edit opens only for a map that exists and that the viewer may edit (spec 000 §4):
            anyone else is not offered it. */}
        {map?.canEdit ? (
          <MenuIcon label={t('maps:menu.edit')} onClick={() => setEditing(true)}>
            <IconPencil size={18} />
          </MenuIcon>
        ) : null}
        {inDirectory ? null : (
          <MenuIcon
            label={t('maps:menu.directory')}
            onClick={() => setDirectory({ search: false, on: pathname })}
          >
            <IconList size={18} />
          </MenuIcon>
        )}
        <MenuIcon label={t('maps:menu.storiesMap')} to="/storymaps/2d">
          <IconTimeline size={18} />
        </MenuIcon>
        <MenuIcon label={t('maps:menu.waypoints')} to="/waypoints/myNodes">
          <IconRoute size={18} />
        </MenuIcon>
        <MenuIcon label={t('maps:menu.help')} onClick={() => setHelp(true)}>
          <IconHelp size={18} />
        </MenuIcon>
        <MenuIcon label={t('maps:menu.home')} to="/graphviews">
          <IconHome size={18} />
        </MenuIcon>
      </Group>
      <MapWizardDialog opened={creating} onClose={() => setCreating(false)} spaceId={spaceId} />
      {map ? (
        <MapWizardDialog opened={editing} onClose={() => setEditing(false)} map={map} />
      ) : null}
      <Modal
        opened={directoryOpen}
        onClose={() => setDirectory(null)}
        title={t('maps:directory.title')}
        size="xl"
        fullScreen={fullScreen}
      >
        {directoryOpen ? <MapsDirectory autoFocusSearch={directory.search} /> : null}
      </Modal>
      <Modal opened={help} onClose={() => setHelp(false)} title={t('maps:help.title')} size="lg">
        <Stack gap="sm">
          <Text size="sm">{t('maps:help.intro')}</Text>
          <Text size="sm">{t('maps:help.types')}</Text>
          <Text size="sm">{t('maps:help.views')}</Text>
          <Text size="sm">{t('maps:help.privacy')}</Text>
          <Text size="sm">{t('maps:help.recipes')}</Text>
        </Stack>
      </Modal>
    </>
  );
}
