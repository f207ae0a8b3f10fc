import { useTranslation } from 'react-i18next';
import { GLOBAL_SPACE_ID } from '@rules';
import { useViewer } from '../features/auth/useViewer';

/** The space the feeds and new posts use: the viewer's default space, else the global space. */
export function useActiveSpace(): { spaceId: string; spaceName: string } {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const space = viewer?.defaultSpace;
  if (!space || !space.spaceId || space.spaceId === GLOBAL_SPACE_ID) {
    return { spaceId: GLOBAL_SPACE_ID, spaceName: t('common:space.global') };
  }
  return { spaceId: space.spaceId, spaceName: space.spaceName };
}
