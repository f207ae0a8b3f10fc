import { useMutation } from '@apollo/client/react';
import type { PostFormControls } from '../../components/post-form/PostFormModal';
import {
  CreateSkillDocument,
  UpdateSkillDocument,
  type SkillCardFragment,
} from '../../gql/graphql';
import { PostForm, type PostFormDefinition } from '../posts';
import { SKILL_LIST_QUERIES } from './skillQueries';

/** The 3-step Add Skill form: 1 title and description, 2 media, 3 preview. */
const skillForm: PostFormDefinition<SkillCardFragment> = {
  kind: 'skills',
  steps: ['text', 'media', 'preview'],
  savesDrafts: false,
  createMutation: 'createSkill',
  texts: (t) => ({
    stepOf: (step, total) => t('skills:dialog.stepOf', { step, total }),
    stepLabels: [t('skills:dialog.step1'), t('skills:dialog.step2'), t('skills:dialog.step3')],
    anonymousLabel: t('skills:dialog.anonymous'),
    anonymousHint: t('skills:dialog.anonymousHint'),
    anonymousName: t('skills:card.anonymous'),
    titleLabel: t('skills:dialog.titleLabel'),
    titlePlaceholder: t('skills:dialog.titlePlaceholder'),
    descriptionLabel: t('skills:dialog.descriptionLabel'),
    descriptionPlaceholder: t('skills:dialog.descriptionPlaceholder'),
    preview: t('skills:dialog.preview'),
    next: t('skills:dialog.next'),
    publish: t('skills:dialog.publish'),
    added: t('skills:toast.added'),
    updated: t('skills:toast.updated'),
  }),
  useSave: () => {
    const [create, creating] = useMutation(CreateSkillDocument, {
      refetchQueries: SKILL_LIST_QUERIES,
    });
    const [update, updating] = useMutation(UpdateSkillDocument, {
      refetchQueries: SKILL_LIST_QUERIES,
    });
    return {
      create: async (input) => (await create({ variables: { input } })).data?.createSkill ?? null,
      update: async (id, input) =>
        (await update({ variables: { id, input } })).data?.updateSkill ?? null,
      saving: creating.loading || updating.loading,
    };
  },
  pathAfterCreate: (id) => `/skill/${id}/info`,
};

/** The Add Skill form, also used to edit `skill`. */
export function SkillForm({
  skill,
  draftKey,
  ...controls
}: { skill: SkillCardFragment | null; draftKey: string | null } & PostFormControls) {
  return <PostForm definition={skillForm} post={skill} draftKey={draftKey} {...controls} />;
}
