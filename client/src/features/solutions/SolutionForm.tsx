import { Avatar, Group, Radio, Stack, Stepper, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconUserQuestion } from '@tabler/icons-react';
import {
  SOLUTION_DIALOG_STEPS,
  htmlToPlainText,
  postDescriptionIssue,
  postTitleIssue,
  scanHashtags,
} from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess, translateServerMessage } from '../../components/notify';
import { MediaLaterStep } from '../../components/post-form/MediaLaterStep';
import { PostPreview } from '../../components/post-form/PostPreview';
import { StepperActions } from '../../components/post-form/StepperActions';
import { TitleDescriptionFields } from '../../components/post-form/TitleDescriptionFields';
import {
  CreateSolutionDocument,
  UpdateSolutionDocument,
  type SolutionCardFragment,
} from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';
import { TagList } from './SolutionBits';
import { SOLUTION_LIST_QUERIES } from './solutionQueries';

const LAST_STEP = SOLUTION_DIALOG_STEPS - 1;

/**
 * The 4-step Add Solution form: 1 Posting As (own name or Anonymous), 2 title and description with
 * #tags, 3 media and location (later issues), 4 preview and Publish. With `problemId` it posts the
 * solution under that problem; with `solution` it edits.
 */
export function SolutionForm({
  solution,
  problemId,
  onDone,
}: {
  solution: SolutionCardFragment | null;
  problemId?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const { spaceId } = useActiveSpace();
  const [step, setStep] = useState(0);
  const [isAnonymousPost, setAnonymous] = useState(solution?.isAnonymousPost ?? false);
  const [name, setName] = useState(solution?.name ?? '');
  const [description, setDescription] = useState(solution?.description ?? '');
  const [touched, setTouched] = useState(false);
  const [create, creating] = useMutation(CreateSolutionDocument, {
    refetchQueries: SOLUTION_LIST_QUERIES,
  });
  const [update, updating] = useMutation(UpdateSolutionDocument, {
    refetchQueries: SOLUTION_LIST_QUERIES,
  });

  // The same rules the server applies; their messages translate under solutions:errors.
  const titleIssue = postTitleIssue(name);
  const descriptionIssue = postDescriptionIssue(description);
  const titleError = titleIssue ? translateServerMessage(t, titleIssue) : null;
  const descriptionError = descriptionIssue ? translateServerMessage(t, descriptionIssue) : null;
  const formValid = !titleError && !descriptionError;
  const authorName = isAnonymousPost ? t('solutions:card.anonymous') : (viewer?.displayName ?? '');
  const tags = scanHashtags(`${name} ${htmlToPlainText(description)}`).tags;

  const next = () => {
    setTouched(true);
    // Spec: step 2 needs the form and the editor valid; other steps pass.
    if (step === 1 && !formValid) return;
    setStep((current) => Math.min(current + 1, LAST_STEP));
  };

  const publish = async () => {
    if (!formValid) {
      setStep(1);
      setTouched(true);
      return;
    }
    try {
      if (solution) {
        await update({
          variables: {
            id: solution.id,
            input: { name, description, isAnonymousPost },
          },
        });
        notifySuccess(t('solutions:toast.updated'));
      } else {
        await create({
          variables: {
            input: {
              name,
              description,
              isAnonymousPost,
              spaceId: problemId ? null : spaceId || null,
              problemId: problemId ?? null,
            },
          },
        });
        notifySuccess(t('solutions:toast.added'));
      }
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
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
              onTitleBlur={() => setTouched(true)}
              titleLabel={t('solutions:dialog.titleLabel')}
              titlePlaceholder={t('solutions:dialog.titlePlaceholder')}
              titleError={touched ? titleError : null}
              description={description}
              onDescriptionChange={setDescription}
              descriptionLabel={t('solutions:dialog.descriptionLabel')}
              descriptionPlaceholder={t('solutions:dialog.descriptionPlaceholder')}
              descriptionError={touched ? descriptionError : null}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('solutions:dialog.step3')}>
          <MediaLaterStep
            mediaTitle={t('solutions:dialog.mediaTitle')}
            mediaText={t('solutions:dialog.mediaLater')}
            location={{
              title: t('solutions:dialog.locationTitle'),
              text: t('solutions:dialog.locationLater'),
            }}
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
          </PostPreview>
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
        nextLabel={t('solutions:dialog.next')}
        submitLabel={t('solutions:dialog.publish')}
      />
    </Stack>
  );
}
