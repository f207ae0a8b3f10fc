import { Avatar, Group, Radio, Stack, Stepper, Text } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconUserQuestion } from '@tabler/icons-react';
import { SOLUTION_DIALOG_STEPS, htmlToPlainText, scanHashtags } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess } from '../../components/notify';
import { awaitsApproval } from '../../components/post-form/awaitsApproval';
import { publishInBackground, titledPendingPost } from '../../components/post-form/pendingPosts';
import type { PostFormControls } from '../../components/post-form/PostFormModal';
import { PostingInSpace } from '../../components/post-form/PostingInSpace';
import { PostPreview } from '../../components/post-form/PostPreview';
import { useKeptDraft, useRestoredDraft } from '../../components/post-form/postDrafts';
import { StepperActions } from '../../components/post-form/StepperActions';
import { TitleDescriptionFields } from '../../components/post-form/TitleDescriptionFields';
import { usePostSteps } from '../../components/post-form/usePostSteps';
import {
  CreateSolutionDocument,
  ProblemDocument,
  UpdateSolutionDocument,
  type SolutionCardFragment,
} from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';
import { MediaCarousel } from '../media/MediaCarousel';
import { previewItemsOf } from '../media/mediaDrafts';
import { MediaStep } from '../media/MediaStep';
import { usePostAttachments } from '../media/usePostAttachments';
import { LocationPicker } from '../places/LocationPicker';
import { TagList } from './SolutionBits';
import { SOLUTION_LIST_QUERIES } from './solutionQueries';

const LAST_STEP = SOLUTION_DIALOG_STEPS - 1;

const solutionDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  isAnonymousPost: z.boolean(),
});

/**
 * The 4-step Add Solution form: 1 Posting As (own name or Anonymous), 2 title and description with
 * #tags, 3 media and location (later issues), 4 preview and Publish. With `problemId` it posts the
 * solution under that problem (in the problem's space); with `solution` it edits. A new
 * solution's text is kept under `draftKey` until it is posted or discarded.
 */
export function SolutionForm({
  solution,
  problemId,
  draftKey,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  solution: SolutionCardFragment | null;
  problemId?: string;
  draftKey: string | null;
} & PostFormControls) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const { spaceId } = useActiveSpace();
  // The problem page has it in the cache already: where a solution under it is posted.
  const { data: problemData } = useQuery(ProblemDocument, {
    variables: { id: problemId ?? '' },
    skip: !problemId,
  });
  const postingSpaceId = solution?.spaceId ?? (problemId ? problemData?.problem.spaceId : spaceId);
  const draft = useRestoredDraft(draftKey, solutionDraftSchema);
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
  } = usePostSteps({ formStep: 1, lastStep: LAST_STEP, initial: solution, draft });
  const [isAnonymousPost, setAnonymous] = useState(
    draft?.isAnonymousPost ?? solution?.isAnonymousPost ?? false,
  );
  const attachments = usePostAttachments({
    post: solution,
    path: 'solutions',
    spaceId: postingSpaceId ?? spaceId,
  });
  useKeptDraft({
    key: draftKey,
    value: { name, description, isAnonymousPost },
    dirty: dirty || attachments.dirty,
    onDirtyChange,
  });
  const [create, creating] = useMutation(CreateSolutionDocument, {
    refetchQueries: SOLUTION_LIST_QUERIES,
  });
  const [update, updating] = useMutation(UpdateSolutionDocument, {
    refetchQueries: SOLUTION_LIST_QUERIES,
  });

  const authorName = isAnonymousPost ? t('solutions:card.anonymous') : (viewer?.displayName ?? '');
  const tags = scanHashtags(`${name} ${htmlToPlainText(description)}`).tags;

  const toastForCreated = (created: { isApproved: boolean; isAnonymousPost: boolean }) =>
    notifySuccess(
      awaitsApproval(created) ? t('common:postForm.anonymousSent') : t('solutions:toast.added'),
    );
  // A new solution published while its files upload shows in the lists as processing meanwhile.
  const publishing = !solution;

  const publish = async () => {
    if (!readyToPublish() || attachments.waitsForUploads(publishing)) return;
    if (publishing && attachments.media.uploading) {
      publishInBackground({
        post: titledPendingPost({
          kind: 'solutions',
          spaceId: postingSpaceId ?? spaceId,
          problemId: problemId ?? null,
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
                spaceId: problemId ? null : spaceId || null,
                problemId: problemId ?? null,
                ...attachments.createInputWith(files),
              },
            },
          });
          if (!data) throw new Error('createSolution returned no data');
          return data.createSolution;
        },
        onPublished: toastForCreated,
      });
      onDone();
      return;
    }
    try {
      if (solution) {
        const { data } = await update({
          variables: {
            id: solution.id,
            input: { name, description, isAnonymousPost, ...attachments.updateInput },
          },
        });
        notifySuccess(
          data && awaitsApproval(data.updateSolution)
            ? t('common:postForm.anonymousSent')
            : t('solutions:toast.updated'),
        );
      } else {
        const { data } = await create({
          variables: {
            input: {
              name,
              description,
              isAnonymousPost,
              spaceId: problemId ? null : spaceId || null,
              problemId: problemId ?? null,
              ...attachments.createInput,
            },
          },
        });
        if (data) toastForCreated(data.createSolution);
      }
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
      {postingSpaceId ? <PostingInSpace spaceId={postingSpaceId} /> : null}
      <Text size="sm" c="dimmed">
        {t('solutions:dialog.stepOf', {
          step: step + 1,
          total: SOLUTION_DIALOG_STEPS,
        })}
      </Text>
      <Stepper
        active={step}
        onStepClick={(target) => (target < step ? setStep(target) : undefined)}
        size="sm"
      >
        <Stepper.Step label={t('solutions:dialog.step1')}>
          <Radio.Group
            pt="sm"
            label={t('solutions:dialog.postingAs')}
            value={isAnonymousPost ? 'anonymous' : 'self'}
            onChange={(value) => setAnonymous(value === 'anonymous')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="self"
                label={
                  <Group gap="xs" wrap="nowrap">
                    <Avatar
                      size="sm"
                      radius="xl"
                      src={viewer?.photoURL || null}
                      name={viewer?.displayName ?? ''}
                      color="initials"
                      aria-hidden
                    />
                    <Text size="sm">{viewer?.displayName ?? ''}</Text>
                  </Group>
                }
              />
              <Radio
                value="anonymous"
                label={
                  <Group gap="xs" wrap="nowrap">
                    <Avatar size="sm" radius="xl" aria-hidden>
                      <IconUserQuestion size={14} />
                    </Avatar>
                    <Text size="sm">{t('solutions:card.anonymous')}</Text>
                  </Group>
                }
                description={t('solutions:dialog.anonymousHint')}
              />
            </Stack>
          </Radio.Group>
        </Stepper.Step>
        <Stepper.Step label={t('solutions:dialog.step2')}>
          <Stack gap="md" pt="sm">
            <TitleDescriptionFields
              title={name}
              onTitleChange={setName}
              titleLabel={t('solutions:dialog.titleLabel')}
              titlePlaceholder={t('solutions:dialog.titlePlaceholder')}
              titleError={titleError}
              description={description}
              onDescriptionChange={setDescription}
              descriptionLabel={t('solutions:dialog.descriptionLabel')}
              descriptionPlaceholder={t('solutions:dialog.descriptionPlaceholder')}
              descriptionError={descriptionError}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('solutions:dialog.step3')}>
          <MediaStep
            media={attachments.media}
            location={
              <LocationPicker value={attachments.location} onChange={attachments.setLocation} />
            }
          />
        </Stepper.Step>
        <Stepper.Step label={t('solutions:dialog.step4')}>
          <PostPreview
            label={t('solutions:dialog.preview')}
            authorName={authorName}
            title={name}
            description={description}
            mt="sm"
          >
            <TagList tags={tags} label={t('solutions:card.tags')} />
            <MediaCarousel files={previewItemsOf(attachments.media.drafts)} variant="card" />
          </PostPreview>
        </Stepper.Step>
      </Stepper>
      <StepperActions
        step={step}
        lastStep={LAST_STEP}
        onCancel={onCancel}
        onBack={() => setStep((current) => current - 1)}
        onNext={next}
        onSubmit={() => void publish()}
        saving={creating.loading || updating.loading}
        cancelLabel={t('common:actions.cancel')}
        backLabel={t('common:actions.back')}
        nextLabel={t('solutions:dialog.next')}
        submitLabel={t('solutions:dialog.publish')}
        waitingLabel={
          attachments.waitsForUploads(publishing) ? attachments.media.waitingLabel : null
        }
      />
    </Stack>
  );
}
