// The editor's words for what it draws: kinds of node and link, problem statuses, and each node
// and link described in full (tooltips, screen readers, colour is never the only signal).
import { messageTranslationKey, type LinkType, type LoopPolarity, type MapNodeKind } from '@rules';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../../components/notify';
import { useStatusLabel } from '../../problems';
import type { NodeWords } from './flowElements';
import { kindOf, type GraphNode, type Scene } from './scene';

/**
 * Dialogs opened from another dialog (a link from the MapEditor's table, a waypoint from the
 * WayPoints list) stack above it: Mantine's modals sit at 200.
 */
export const OVER_DIALOG_Z = 310;

export function useLinkTypeLabels(): Record<LinkType, string> {
  const { t } = useTranslation();
  return {
    straight: t('mapEditor:linkTypes.straight'),
    curved: t('mapEditor:linkTypes.curved'),
    'cld+': t('mapEditor:linkTypes.cldPlus'),
    'cld-': t('mapEditor:linkTypes.cldMinus'),
  };
}

export function useKindLabels(): Record<MapNodeKind, string> {
  const { t } = useTranslation();
  return {
    problem: t('mapEditor:kinds.problem'),
    solution: t('mapEditor:kinds.solution'),
    story: t('mapEditor:kinds.story'),
    tag: t('mapEditor:kinds.tag'),
    user: t('mapEditor:kinds.user'),
    waypoint: t('mapEditor:kinds.waypoint'),
  };
}

export function usePolarityLabels(): Record<LoopPolarity, string> {
  const { t } = useTranslation();
  return {
    R: t('mapEditor:loops.reinforcing'),
    B: t('mapEditor:loops.balancing'),
    U: t('mapEditor:loops.unsigned'),
  };
}

/** Each node of a scene in words, stable while the scene and language are. */
export function useSceneWords(scene: Scene) {
  const { t, i18n } = useTranslation();
  const kinds = useKindLabels();
  const statusLabel = useStatusLabel();
  const language = i18n.language;
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const nodeLabel = (key: string) => scene.byKey.get(key)?.label ?? key;
    const wordsOf = (node: GraphNode): NodeWords => {
      const kind = kindOf(node);
      const title =
        kind === 'problem'
          ? t('mapEditor:nodeTitle.problem', {
              name: node.label,
              status: statusLabel(node.status ?? ''),
            })
          : t('mapEditor:nodeTitle.other', { kind: kinds[kind], name: node.label });
      const date =
        kind === 'story' && node.createdAt ? dates.format(new Date(node.createdAt)) : null;
      return { title, date };
    };
    return { wordsOf, nodeLabel };
    // The label maps are rebuilt every render; the language decides their content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene, language, t]);
}

/**
 * A form field's problem in the reader's language: a rule's message (the server's words) when it
 * has one, else the general "check this value" (a bare range check of zod's own).
 */
export function fieldMessage(t: TFunction, message: string): string {
  return messageTranslationKey(message)
    ? translateServerMessage(t, message)
    : t('mapEditor:form.invalid');
}
