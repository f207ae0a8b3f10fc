import { useMutation, useQuery } from '@apollo/client/react';
import { htmlToPlainText, scanHashtags } from '@rules';
import { useTranslation } from 'react-i18next';
import type { PostFormControls } from '../../components/post-form/PostFormModal';
import {
  CreateSolutionDocument,
  ProblemDocument,
  UpdateSolutionDocument,
  type SolutionCardFragment,
} from '../../gql/graphql';
import { LocationPicker } from '../places';
import { PostForm, type PostFormDefinition } from '../posts';
import { TagList } from './SolutionBits';
import { SOLUTION_LIST_QUERIES } from './solutionQueries';

/** The preview's #tags, found in the title and description as the server will find them. */
function PreviewTags({ name, description }: { name: string; description: string }) {
  const { t } = useTranslation();
  const tags = scanHashtags(`${name} ${htmlToPlainText(description)}`).tags;
  return <TagList tags={tags} label={t('solutions:card.tags')} />;
}

/**
 * The 4-step Add Solution form: 1 Posting As (own name or Anonymous), 2 title and description with
 * #tags, 3 media and location, 4 preview and Publish (the spec's step text says 3 of 4 steps: a
 * slip, corrected). Under a problem it goes to the problem's space.
 */
const solutionForm: PostFormDefinition<SolutionCardFragment> = {
  kind: 'solutions',
  aiHelps: ['solutions'],
  steps: ['postingAs', 'text', 'media', 'preview'],
  LocationField: LocationPicker,
  savesDrafts: false,
  createMutation: 'createSolution',
  texts: (t) => ({
    stepOf: (step, total) => t('solutions:dialog.stepOf', { step, total }),
    stepLabels: [
      t('solutions:dialog.step1'),
      t('solutions:dialog.step2'),
      t('solutions:dialog.step3'),
      t('solutions:dialog.step4'),
    ],
    anonymousLabel: t('solutions:dialog.postingAs'),
    anonymousHint: t('solutions:dialog.anonymousHint'),
    anonymousName: t('solutions:card.anonymous'),
    titleLabel: t('solutions:dialog.titleLabel'),
    titlePlaceholder: t('solutions:dialog.titlePlaceholder'),
    descriptionLabel: t('solutions:dialog.descriptionLabel'),
    descriptionPlaceholder: t('solutions:dialog.descriptionPlaceholder'),
    preview: t('solutions:dialog.preview'),
    next: t('solutions:dialog.next'),
    publish: t('solutions:dialog.publish'),
    added: t('solutions:toast.added'),
    updated: t('solutions:toast.updated'),
  }),
  useSave: () => {
    const [create, creating] = useMutation(CreateSolutionDocument, {
      refetchQueries: SOLUTION_LIST_QUERIES,
    });
    const [update, updating] = useMutation(UpdateSolutionDocument, {
      refetchQueries: SOLUTION_LIST_QUERIES,
    });
    return {
      create: async (input) =>
        (await create({ variables: { input } })).data?.createSolution ?? null,
      update: async (id, input) =>
        (await update({ variables: { id, input } })).data?.updateSolution ?? null,
      saving: creating.loading || updating.loading,
    };
  },
  usePlace: ({ post, problemId, activeSpaceId }) => {
    // The problem page has it in the cache already: where a solution under it is posted.
    const { data } = useQuery(ProblemDocument, {
      variables: { id: problemId ?? '' },
      skip: !problemId,
    });
    const postingSpaceId = post?.spaceId ?? (problemId ? data?.problem.spaceId : activeSpaceId);
    return {
      shownSpaceId: postingSpaceId || null,
      spaceId: postingSpaceId ?? activeSpaceId,
      problemId: problemId ?? null,
      createInput: {
        spaceId: problemId ? null : activeSpaceId || null,
        problemId: problemId ?? null,
      },
    };
  },
  PreviewExtras: PreviewTags,
};

/**
 * The Add Solution form: with `problemId` it posts the solution under that problem; with
 * `solution` it edits.
 */
export function SolutionForm({
  solution,
  problemId,
  draftKey,
  ...controls
}: {
  solution: SolutionCardFragment | null;
  problemId?: string;
  draftKey: string | null;
} & PostFormControls) {
  return (
    <PostForm
      definition={solutionForm}
      post={solution}
      problemId={problemId}
      draftKey={draftKey}
      {...controls}
    />
  );
}
