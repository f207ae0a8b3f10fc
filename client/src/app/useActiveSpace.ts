import { useTranslation } from 'react-i18next';
import { GLOBAL_SPACE_ID, spaceKindOf, type SpaceKind } from '@rules';
import { useViewer } from '../features/auth/useViewer';
import { useStoredSpace } from '../features/spaces/activeSpaceStore';
import { useSpaceName } from '../features/spaces/spaceDisplay';

export interface ActiveSpace {
  spaceId: string;
  /** As shown to the reader: the global space and countries in the reader's language. */
  spaceName: string;
  /** From the id: 'ww' global, two letters a country (its code), 'skills', else a user-created space. */
  kind: SpaceKind;
  /** Country code, 'ww' for the global space, null otherwise. */
  code: string | null;
}

/**
 * The space the feeds and new posts use: signed in, the viewer's default space; signed out, the
 * public space stored in this browser; else the global space.
 */
export function useActiveSpace(): ActiveSpace {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const stored = useStoredSpace();
  const nameOf = useSpaceName();
  const space = viewer
    ? viewer.defaultSpace
    : stored && spaceKindOf(stored.spaceId).kind !== 'private'
      ? stored
      : null;
  if (!space || !space.spaceId || space.spaceId === GLOBAL_SPACE_ID) {
    return {
      spaceId: GLOBAL_SPACE_ID,
      spaceName: t('common:space.global'),
      ...spaceKindOf(GLOBAL_SPACE_ID),
    };
  }
  return {
    spaceId: space.spaceId,
    spaceName: nameOf({ id: space.spaceId, name: space.spaceName }),
    ...spaceKindOf(space.spaceId),
  };
}
