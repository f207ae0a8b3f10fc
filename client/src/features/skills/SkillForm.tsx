import {
  Alert,
  Avatar,
  Button,
  Card,
  Group,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconPhoto, IconUserQuestion } from '@tabler/icons-react';
import { SKILL_DIALOG_STEPS, postDescriptionIssue, postTitleIssue } from '@rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess, translateServerMessage } from '../../components/notify';
import { RichText } from '../../components/RichText';
import { RichTextEditor } from '../../components/RichTextEditor';
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
  const editorId = useId();
  const [step, setStep] = useState(0);
  const [name, setName] = useState(skill?.name ?? '');
  const [description, setDescription] = useState(skill?.description ?? '');
  const [isAnonymousPost, setAnonymous] = useState(skill?.isAnonymousPost ?? false);
  const [touched, setTouched] = useState(false);
  const [create, creating] = useMutation(CreateSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });
  const [update, updating] = useMutation(UpdateSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });

  const titleIssue = postTitleIssue(name);
  const descriptionIssue = postDescriptionIssue(description);
  const titleError = titleIssue ? translateServerMessage(t, titleIssue) : null;
  const descriptionError = descriptionIssue ? translateServerMessage(t, descriptionIssue) : null;
  const formValid = !titleError && !descriptionError;
  const authorName = isAnonymousPost ? t('skills:card.anonymous') : (viewer?.displayName ?? '');

  const next = () => {
    setTouched(true);
    // Spec: step 1 needs the form and the editor valid; other steps pass.
    if (step === 0 && !formValid) return;
    setStep((current) => Math.min(current + 1, LAST_STEP));
  };

  const publish = async () => {
    if (!formValid) {
      setStep(0);
      setTouched(true);
      return;
    }
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
            <Group wrap="nowrap" align="flex-start">
              {isAnonymousPost ? (
                <Avatar radius="xl" aria-hidden>
                  <IconUserQuestion size={20} />
                </Avatar>
              ) : (
                <Avatar
                  radius="xl"
                  src={viewer?.photoURL || null}
                  name={viewer?.displayName ?? ''}
                  color="initials"
                  aria-hidden
                />
              )}
              <Switch
                checked={isAnonymousPost}
                onChange={(event) => setAnonymous(event.currentTarget.checked)}
                label={t('skills:dialog.anonymous')}
                description={t('skills:dialog.anonymousHint')}
              />
            </Group>
            <TextInput
              label={t('skills:dialog.titleLabel')}
              placeholder={t('skills:dialog.titlePlaceholder')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched ? titleError : null}
              required
              data-autofocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} component="label" htmlFor={editorId}>
                {t('skills:dialog.descriptionLabel')}
              </Text>
              <RichTextEditor
                id={editorId}
                value={description}
                onChange={setDescription}
                ariaLabel={t('skills:dialog.descriptionLabel')}
                placeholder={t('skills:dialog.descriptionPlaceholder')}
                error={touched ? descriptionError : null}
              />
            </Stack>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('skills:dialog.step2')}>
          <Alert
            mt="sm"
            icon={<IconPhoto size={18} />}
            title={t('skills:dialog.mediaTitle')}
            variant="light"
          >
            {t('skills:dialog.mediaLater')}
          </Alert>
        </Stepper.Step>
        <Stepper.Step label={t('skills:dialog.step3')}>
          <Card withBorder radius="md" padding="md" mt="sm" aria-label={t('skills:dialog.preview')}>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {authorName}
              </Text>
              <Title order={3} size="h4">
                {name.trim()}
              </Title>
              <RichText html={description} />
            </Stack>
          </Card>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        {step === 0 ? (
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
        ) : (
          <Button variant="default" onClick={() => setStep((current) => current - 1)}>
            {t('common:actions.back')}
          </Button>
        )}
        {step < LAST_STEP ? (
          <Button onClick={next}>{t('skills:dialog.next')}</Button>
        ) : (
          <Button loading={creating.loading || updating.loading} onClick={() => void publish()}>
            {t('skills:dialog.publish')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
