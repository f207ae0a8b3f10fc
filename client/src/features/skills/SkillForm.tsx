import { Stack, Stepper, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { SKILL_DIALOG_STEPS } from '@rules';
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
import { PostPreview } from '../../components/post-form/PostPreview';
import { useKeptDraft, useRestoredDraft } from '../../components/post-form/postDrafts';
import { StepperActions } from '../../components/post-form/StepperActions';
import { TitleDescriptionFields } from '../../components/post-form/TitleDescriptionFields';
import { usePostSteps } from '../../components/post-form/usePostSteps';
import {
  CreateSkillDocument,
  UpdateSkillDocument,
  type SkillCardFragment,
} from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';
import { MediaCarousel } from '../media/MediaCarousel';
import { previewItemsOf } from '../media/mediaDrafts';
import { MediaStep } from '../media/MediaStep';
import { usePostAttachments } from '../media/usePostAttachments';
import { SKILL_LIST_QUERIES } from './skillQueries';

const LAST_STEP = SKILL_DIALOG_STEPS - 1;

const skillDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  isAnonymousPost: z.boolean(),
});

/**
 * The 3-step Add Skill form: 1 title and description, 2 media (a later issue), 3 preview. A new
 * skill's text is kept under `draftKey` until it is posted or discarded.
 */
export function SkillForm({
  skill,
  draftKey,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  skill: SkillCardFragment | null;
  draftKey: string | null;
} & PostFormControls) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer } = useViewer();
  const { spaceId } = useActiveSpace();
  const draft = useRestoredDraft(draftKey, skillDraftSchema);
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
  } = usePostSteps({ formStep: 0, lastStep: LAST_STEP, initial: skill, draft });
  const [isAnonymousPost, setAnonymous] = useState(
    draft?.isAnonymousPost ?? skill?.isAnonymousPost ?? false,
  );
  const attachments = usePostAttachments({
    post: skill,
    path: 'skills',
    spaceId: skill?.spaceId ?? spaceId,
  });
  useKeptDraft({
    key: draftKey,
    value: { name, description, isAnonymousPost },
    dirty: dirty || attachments.dirty,
    onDirtyChange,
  });
  const [create, creating] = useMutation(CreateSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });
  const [update, updating] = useMutation(UpdateSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });

  const authorName = isAnonymousPost ? t('skills:card.anonymous') : (viewer?.displayName ?? '');

  const toastForCreated = (created: { isApproved: boolean; isAnonymousPost: boolean }) =>
    notifySuccess(
      awaitsApproval(created) ? t('common:postForm.anonymousSent') : t('skills:toast.added'),
    );
  // A new skill published while its files upload shows in the list as processing meanwhile.
  const publishing = !skill;

  const publish = async () => {
    if (!readyToPublish() || attachments.waitsForUploads(publishing)) return;
    if (publishing && attachments.media.uploading) {
      publishInBackground({
        post: titledPendingPost({
          kind: 'skills',
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
                spaceId: spaceId || null,
                ...attachments.createInputWith(files),
              },
            },
          });
          if (!data) throw new Error('createSkill returned no data');
          return data.createSkill;
        },
        onPublished: toastForCreated,
      });
      onDone();
      return;
    }
    try {
      if (skill) {
        const { data } = await update({
          variables: {
            id: skill.id,
            input: { name, description, isAnonymousPost, ...attachments.updateInput },
          },
        });
        notifySuccess(
          data && awaitsApproval(data.updateSkill)
            ? t('common:postForm.anonymousSent')
            : t('skills:toast.updated'),
        );
      } else {
        const { data } = await create({
          variables: {
            input: {
              name,
              description,
              isAnonymousPost,
              spaceId: spaceId || null,
              ...attachments.createInput,
            },
          },
        });
        if (data) {
          toastForCreated(data.createSkill);
          void navigate(`/skill/${data.createSkill.id}/info`);
        }
      }
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
      <PostingInSpace spaceId={skill?.spaceId ?? spaceId} />
      <Text size="sm" c="dimmed">
        {t('skills:dialog.stepOf', {
          step: step + 1,
          total: SKILL_DIALOG_STEPS,
        })}
      </Text>
      <Stepper
        active={step}
        onStepClick={(target) => (target < step ? setStep(target) : undefined)}
        size="sm"
      >
        <Stepper.Step label={t('skills:dialog.step1')}>
          <Stack gap="md" pt="sm">
            <PostingAsField
              anonymous={isAnonymousPost}
              onAnonymousChange={setAnonymous}
              photoURL={viewer?.photoURL}
              displayName={viewer?.displayName ?? ''}
              label={t('skills:dialog.anonymous')}
              hint={t('skills:dialog.anonymousHint')}
            />
            <TitleDescriptionFields
              title={name}
              onTitleChange={setName}
              titleLabel={t('skills:dialog.titleLabel')}
              titlePlaceholder={t('skills:dialog.titlePlaceholder')}
              titleError={titleError}
              description={description}
              onDescriptionChange={setDescription}
              descriptionLabel={t('skills:dialog.descriptionLabel')}
              descriptionPlaceholder={t('skills:dialog.descriptionPlaceholder')}
              descriptionError={descriptionError}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('skills:dialog.step2')}>
          <MediaStep media={attachments.media} />
        </Stepper.Step>
        <Stepper.Step label={t('skills:dialog.step3')}>
          <PostPreview
            label={t('skills:dialog.preview')}
            authorName={authorName}
            title={name}
            description={description}
            mt="sm"
          >
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
        nextLabel={t('skills:dialog.next')}
        submitLabel={t('skills:dialog.publish')}
        waitingLabel={
          attachments.waitsForUploads(publishing) ? attachments.media.waitingLabel : null
        }
      />
    </Stack>
  );
}
