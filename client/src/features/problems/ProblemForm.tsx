import { Badge, Stack, Stepper, Switch, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess } from '../../components/notify';
import { awaitsApproval } from '../../components/post-form/awaitsApproval';
import { publishInBackground, titledPendingPost } from '../../components/post-form/pendingPosts';
import type { PostFormControls } from '../../components/post-form/PostFormModal';
import { PostingAsField } from '../../components/post-form/PostingAsField';
import { PostingInSpace } from '../../components/post-form/PostingInSpace';
import { useKeptDraft, useRestoredDraft } from '../../components/post-form/postDrafts';
import { PostPreview } from '../../components/post-form/PostPreview';
import { StepperActions } from '../../components/post-form/StepperActions';
import { TitleDescriptionFields } from '../../components/post-form/TitleDescriptionFields';
import { usePostSteps } from '../../components/post-form/usePostSteps';
import {
  CreateProblemDocument,
  UpdateProblemDocument,
  type ProblemCardFragment,
} from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';
import { MediaCarousel } from '../media/MediaCarousel';
import { previewItemsOf } from '../media/mediaDrafts';
import { MediaStep } from '../media/MediaStep';
import { usePostAttachments } from '../media/usePostAttachments';
import { LocationPicker } from '../places/LocationPicker';
import { StatusBadge } from './ProblemBits';
import { PROBLEM_LIST_QUERIES } from './problemQueries';

const STEPS = 3;

const problemDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  isAnonymousPost: z.boolean(),
  isDraft: z.boolean(),
});

/**
 * The 3-step problem form: 1 title and description, 2 media and location, 3 preview. A
 * new problem's text is kept under `draftKey` until it is posted or discarded.
 */
export function ProblemForm({
  problem,
  draftKey,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  problem: ProblemCardFragment | null;
  draftKey: string | null;
} & PostFormControls) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer } = useViewer();
  const { spaceId } = useActiveSpace();
  const draft = useRestoredDraft(draftKey, problemDraftSchema);
  const {
    step,
    setStep,
    name,
    setName,
    description,
    setDescription,
    dirty,
    titleError,
    descriptionError,
    next,
    readyToPublish,
  } = usePostSteps({ formStep: 0, lastStep: STEPS - 1, initial: problem, draft });
  // On a phone the step labels do not fit beside each other: only the numbers show there.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [isAnonymousPost, setAnonymous] = useState(
    draft?.isAnonymousPost ?? problem?.isAnonymousPost ?? false,
  );
  const [isDraft, setDraft] = useState(draft?.isDraft ?? problem?.isDraft ?? false);
  const attachments = usePostAttachments({
    post: problem,
    path: 'problems',
    spaceId: problem?.spaceId ?? spaceId,
  });
  useKeptDraft({
    key: draftKey,
    value: { name, description, isAnonymousPost, isDraft },
    dirty: dirty || attachments.dirty,
    onDirtyChange,
  });
  const [create, creating] = useMutation(CreateProblemDocument, {
    refetchQueries: PROBLEM_LIST_QUERIES,
  });
  const [update, updating] = useMutation(UpdateProblemDocument, {
    refetchQueries: PROBLEM_LIST_QUERIES,
  });
  const saving = creating.loading || updating.loading;

  const authorName = isAnonymousPost ? t('problems:card.anonymous') : (viewer?.displayName ?? '');

  const toastForCreated = (created: { isApproved: boolean; isAnonymousPost: boolean }) =>
    notifySuccess(
      isDraft
        ? t('problems:toast.draftSaved')
        : awaitsApproval(created)
          ? t('common:postForm.anonymousSent')
          : t('problems:toast.added'),
    );
  // A new problem published while its files upload shows in the list as processing meanwhile.
  const publishing = !problem && !isDraft;

  const submit = async () => {
    if (!readyToPublish() || attachments.waitsForUploads(publishing)) return;
    if (publishing && attachments.media.uploading) {
      publishInBackground({
        post: titledPendingPost({
          kind: 'problems',
          spaceId,
          name,
          description,
          viewer,
          anonymous: isAnonymousPost,
        }),
        media: attachments.media.store,
        create: async (files) => {
          const { data } = await create({
            variables: {
              input: {
                name,
                description,
                isAnonymousPost,
                isDraft: false,
                spaceId: spaceId || null,
                ...attachments.createInputWith(files),
              },
            },
          });
          if (!data) throw new Error('createProblem returned no data');
          return data.createProblem;
        },
        onPublished: toastForCreated,
      });
      onDone();
      return;
    }
    try {
      if (problem) {
        const { data } = await update({
          variables: {
            id: problem.id,
            input: { name, description, isAnonymousPost, isDraft, ...attachments.updateInput },
          },
        });
        notifySuccess(
          data && awaitsApproval(data.updateProblem)
            ? t('common:postForm.anonymousSent')
            : t('problems:toast.updated'),
        );
      } else {
        const { data } = await create({
          variables: {
            input: {
              name,
              description,
              isAnonymousPost,
              isDraft,
              spaceId: spaceId || null,
              ...attachments.createInput,
            },
          },
        });
        if (data) {
          toastForCreated(data.createProblem);
          void navigate(`/problem/${data.createProblem.id}/info`);
        }
      }
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
      <PostingInSpace spaceId={problem?.spaceId ?? spaceId} />
      <Text size="sm" c="dimmed">
        {t('problems:dialog.stepOf', { step: step + 1, total: STEPS })}
        {narrow
          ? ` · ${[t('problems:dialog.step1'), t('problems:dialog.step2'), t('problems:dialog.step3')][step] ?? ''}`
          : ''}
      </Text>
      <Stepper
        active={step}
        onStepClick={(target) => (target < step ? setStep(target) : undefined)}
        size="sm"
      >
        <Stepper.Step label={narrow ? undefined : t('problems:dialog.step1')}>
          <Stack gap="md" pt="sm">
            <PostingAsField
              anonymous={isAnonymousPost}
              onAnonymousChange={setAnonymous}
              photoURL={viewer?.photoURL}
              displayName={viewer?.displayName ?? ''}
              label={t('problems:dialog.anonymous')}
              hint={t('problems:dialog.anonymousHint')}
              postingAs={t('problems:dialog.postingAs', { name: authorName })}
            />
            <TitleDescriptionFields
              title={name}
              onTitleChange={setName}
              titleLabel={t('problems:dialog.titleLabel')}
              titlePlaceholder={t('problems:dialog.titlePlaceholder')}
              titleError={titleError}
              description={description}
              onDescriptionChange={setDescription}
              descriptionLabel={t('problems:dialog.descriptionLabel')}
              descriptionPlaceholder={t('problems:dialog.descriptionPlaceholder')}
              descriptionError={descriptionError}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : t('problems:dialog.step2')}>
          <MediaStep
            media={attachments.media}
            location={
              <LocationPicker value={attachments.location} onChange={attachments.setLocation} />
            }
          />
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : t('problems:dialog.step3')}>
          <Stack gap="md" pt="sm">
            <PostPreview
              label={t('problems:dialog.preview')}
              authorName={authorName}
              title={name}
              description={description}
              badges={
                <>
                  {isDraft ? (
                    <Badge color="gray" variant="light">
                      {t('problems:card.draft')}
                    </Badge>
                  ) : null}
                  <StatusBadge status={problem?.status ?? 'unsolved'} />
                </>
              }
            >
              <MediaCarousel files={previewItemsOf(attachments.media.drafts)} variant="card" />
            </PostPreview>
            {!problem || problem.isDraft ? (
              <Switch
                checked={isDraft}
                onChange={(event) => setDraft(event.currentTarget.checked)}
                label={t('problems:dialog.saveAsDraft')}
                description={t('problems:dialog.saveAsDraftHint')}
              />
            ) : null}
          </Stack>
        </Stepper.Step>
      </Stepper>
      <StepperActions
        step={step}
        lastStep={STEPS - 1}
        onCancel={onCancel}
        onBack={() => setStep((current) => current - 1)}
        onNext={next}
        onSubmit={() => void submit()}
        saving={saving}
        cancelLabel={t('common:actions.cancel')}
        backLabel={t('common:actions.back')}
        nextLabel={t('problems:dialog.next')}
        submitLabel={isDraft ? t('problems:dialog.saveDraft') : t('problems:dialog.publish')}
        waitingLabel={
          attachments.waitsForUploads(publishing) ? attachments.media.waitingLabel : null
        }
      />
    </Stack>
  );
}
