import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillCardFragment } from '../../gql/graphql';

// The editor (Tiptap and ProseMirror) loads with the first opening, not with every list visit.
const SkillForm = lazy(() =>
  import('./SkillForm').then((module) => ({ default: module.SkillForm })),
);

/** Spec: creation dialogs are at most 720 wide. */
const SKILL_DIALOG_WIDTH = 720;

/** The Add Skill dialog (3 steps), also used to edit; every opening starts clear. */
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={SKILL_DIALOG_WIDTH}
      title={skill ? t('skills:dialog.editTitle') : t('skills:dialog.createTitle')}
    >
      {opened ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <SkillForm skill={skill ?? null} onDone={onClose} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
