import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { draftKeyOf } from '../../components/post-form/postDrafts';
import { PostFormModal } from '../../components/post-form/PostFormModal';
import type { SkillCardFragment } from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';

// The editor (Tiptap and ProseMirror) loads with the first opening, not with every list visit.
const SkillForm = lazy(() =>
  import('./SkillForm').then((module) => ({ default: module.SkillForm })),
);

/** Spec: creation dialogs are at most 720 wide. */
const SKILL_DIALOG_WIDTH = 720;

/**
 * The Add Skill dialog (3 steps), also used to edit; every opening starts from the skill or, new,
 * from the text kept from the last opening.
 */
export function SkillDialog({
  opened,
  onClose,
  skill,
}: {
  opened: boolean;
  onClose: () => void;
  skill?: SkillCardFragment | null;
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const draftKey = skill ? null : draftKeyOf('skill', viewer?.id);
  return (
    <PostFormModal
      opened={opened}
      onClose={onClose}
      size={SKILL_DIALOG_WIDTH}
      title={skill ? t('skills:dialog.editTitle') : t('skills:dialog.createTitle')}
      draftKey={draftKey}
    >
      {(controls) => (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <SkillForm skill={skill ?? null} draftKey={draftKey} {...controls} />
        </Suspense>
      )}
    </PostFormModal>
  );
}
