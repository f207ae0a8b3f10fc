import { Stack, Stepper, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { SKILL_DIALOG_STEPS } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess } from '../../components/notify';
import { MediaLaterStep } from '../../components/post-form/MediaLaterStep';
import { PostingAsField } from '../../components/post-form/PostingAsField';
import { PostPreview } from '../../components/post-form/PostPreview';
import { StepperActions } from '../../components/post-form/StepperActions';
import { TitleDescriptionFields } from '../../components/post-form/TitleDescriptionFields';
import { usePostSteps } from '../../components/post-form/usePostSteps';
import {
  CreateSkillDocument,
  UpdateSkillDocument,
  type SkillCardFragment,
} from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';
import { SKILL_LIST_QUERIES } from './skillQueries';

const LAST_STEP = SKILL_DIALOG_STEPS - 1;

/** The 3-step Add Skill form: 1 title and description, 2 media (a later issue), 3 preview. */
export function SkillForm({
  skill,
  onDone,
}: {
  skill: SkillCardFragment | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer } = useViewer();
  const { spaceId } = useActiveSpace();
  const {
    step,
    setStep,
    name,
    setName,
    description,
    setDescription,
    touch,
    titleError,
    descriptionError,
    next,
    readyToPublish,
  } = usePostSteps({ formStep: 0, lastStep: LAST_STEP, initial: skill });
  const [isAnonymousPost, setAnonymous] = useState(skill?.isAnonymousPost ?? false);
  const [create, creating] = useMutation(CreateSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });
  const [update, updating] = useMutation(UpdateSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });

  const authorName = isAnonymousPost ? t('skills:card.anonymous') : (viewer?.displayName ?? '');

  const publish = async () => {
    if (!readyToPublish()) return;
    try {
      if (skill) {
        await update({
          variables: {
            id: skill.id,
            input: { name, description, isAnonymousPost },
          },
        });
        notifySuccess(t('skills:toast.updated'));
      } else {
        const { data } = await create({
          variables: {
            input: {
              name,
              description,
              isAnonymousPost,
              spaceId: spaceId || null,
            },
          },
        });
        notifySuccess(t('skills:toast.added'));
        if (data) void navigate(`/skill/${data.createSkill.id}/info`);
      }
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
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
              onTitleBlur={touch}
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
          <MediaLaterStep
            mediaTitle={t('skills:dialog.mediaTitle')}
            mediaText={t('skills:dialog.mediaLater')}
          />
        </Stepper.Step>
        <Stepper.Step label={t('skills:dialog.step3')}>
          <PostPreview
            label={t('skills:dialog.preview')}
            authorName={authorName}
            title={name}
            description={description}
            mt="sm"
          />
        </Stepper.Step>
      </Stepper>
      <StepperActions
        step={step}
        lastStep={LAST_STEP}
        onCancel={onDone}
        onBack={() => setStep((current) => current - 1)}
        onNext={next}
        onSubmit={() => void publish()}
        saving={creating.loading || updating.loading}
        cancelLabel={t('common:actions.cancel')}
        backLabel={t('common:actions.back')}
        nextLabel={t('skills:dialog.next')}
        submitLabel={t('skills:dialog.publish')}
      />
    </Stack>
  );
}
