import { lazy } from 'react';
import { PostFormDialog } from '../../components/post-form/PostFormDialog';
import type { SkillCardFragment } from '../../gql/graphql';

// The editor (Tiptap and ProseMirror) loads with the first opening, not with every list visit.
const SkillForm = lazy(() =>
  import('./SkillForm').then((module) => ({ default: module.SkillForm })),
);

/** The Add Skill dialog (3 steps), also used to edit. */
export function SkillDialog({
  opened,
  onClose,
  skill,
}: {
  opened: boolean;
  onClose: () => void;
  skill?: SkillCardFragment | null;
}) {
  return (
    <PostFormDialog opened={opened} onClose={onClose} kind="skill" editing={Boolean(skill)}>
      {(form) => <SkillForm skill={skill ?? null} {...form} />}
    </PostFormDialog>
  );
}
