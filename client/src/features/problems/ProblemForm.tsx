import { Badge } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { PostFormControls } from '../../components/post-form/PostFormModal';
import {
  CreateProblemDocument,
  UpdateProblemDocument,
  type ProblemCardFragment,
} from '../../gql/graphql';
import { LocationPicker } from '../places';
import { PostForm, type PostFormDefinition } from '../posts';
import { StatusBadge } from './ProblemBits';
import { PROBLEM_LIST_QUERIES } from './problemQueries';

/** The preview's Draft badge and the problem's status (a new one is unsolved). */
function PreviewBadges({ post, isDraft }: { post: ProblemCardFragment | null; isDraft: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {isDraft ? (
        <Badge color="gray" variant="light">
          {t('problems:card.draft')}
        </Badge>
      ) : null}
      <StatusBadge status={post?.status ?? 'unsolved'} />
    </>
  );
}

/** The 3-step problem form: 1 title and description, 2 media and location, 3 preview (or draft). */
const problemForm: PostFormDefinition<ProblemCardFragment> = {
  kind: 'problems',
  aiHelps: ['problems'],
  steps: ['text', 'media', 'preview'],
  LocationField: LocationPicker,
  savesDrafts: true,
  compactStepsOnPhone: true,
  createMutation: 'createProblem',
  texts: (t) => ({
    stepOf: (step, total) => t('problems:dialog.stepOf', { step, total }),
    stepLabels: [
      t('problems:dialog.step1'),
      t('problems:dialog.step2'),
      t('problems:dialog.step3'),
    ],
    anonymousLabel: t('problems:dialog.anonymous'),
    anonymousHint: t('problems:dialog.anonymousHint'),
    anonymousName: t('problems:card.anonymous'),
    postingAs: (name) => t('problems:dialog.postingAs', { name }),
    titleLabel: t('problems:dialog.titleLabel'),
    titlePlaceholder: t('problems:dialog.titlePlaceholder'),
    descriptionLabel: t('problems:dialog.descriptionLabel'),
    descriptionPlaceholder: t('problems:dialog.descriptionPlaceholder'),
    preview: t('problems:dialog.preview'),
    next: t('problems:dialog.next'),
    publish: t('problems:dialog.publish'),
    added: t('problems:toast.added'),
    updated: t('problems:toast.updated'),
    drafts: {
      saveAsDraft: t('problems:dialog.saveAsDraft'),
      saveAsDraftHint: t('problems:dialog.saveAsDraftHint'),
      saveDraft: t('problems:dialog.saveDraft'),
      draftSaved: t('problems:toast.draftSaved'),
    },
  }),
  useSave: () => {
    const [create, creating] = useMutation(CreateProblemDocument, {
      refetchQueries: PROBLEM_LIST_QUERIES,
    });
    const [update, updating] = useMutation(UpdateProblemDocument, {
      refetchQueries: PROBLEM_LIST_QUERIES,
    });
    return {
      create: async (input) => (await create({ variables: { input } })).data?.createProblem ?? null,
      update: async (id, input) =>
        (await update({ variables: { id, input } })).data?.updateProblem ?? null,
      saving: creating.loading || updating.loading,
    };
  },
  pathAfterCreate: (id) => `/problem/${id}/info`,
  PreviewBadges,
};

/** The Add Problem form, also used to edit `problem`. */
export function ProblemForm({
  problem,
  draftKey,
  ...controls
}: { problem: ProblemCardFragment | null; draftKey: string | null } & PostFormControls) {
  return <PostForm definition={problemForm} post={problem} draftKey={draftKey} {...controls} />;
}
