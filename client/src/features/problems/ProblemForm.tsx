import {
  Alert,
  Avatar,
  Badge,
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
import { IconMapPin, IconPhoto, IconUserQuestion } from '@tabler/icons-react';
import { postDescriptionIssue, postTitleIssue } from '@rules';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess, translateServerMessage } from '../../components/notify';
import { RichText } from '../../components/RichText';
import { RichTextEditor } from '../../components/RichTextEditor';
import {
  CreateProblemDocument,
  UpdateProblemDocument,
  type ProblemCardFragment,
} from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';
import { StatusBadge } from './ProblemBits';
import { PROBLEM_LIST_QUERIES } from './problemQueries';

const STEPS = 3;

/** The 3-step problem form: 1 title and description, 2 media and location (later), 3 preview. */
export function ProblemForm({
  problem,
  onDone,
}: {
  problem: ProblemCardFragment | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer } = useViewer();
  const { spaceId } = useActiveSpace();
  const editorId = useId();
  const [step, setStep] = useState(0);
  // On a phone the step labels do not fit beside each other: only the numbers show there.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [name, setName] = useState(problem?.name ?? '');
  const [description, setDescription] = useState(problem?.description ?? '');
  const [isAnonymousPost, setAnonymous] = useState(problem?.isAnonymousPost ?? false);
  const [isDraft, setDraft] = useState(problem?.isDraft ?? false);
  const [touched, setTouched] = useState(false);
  const [create, creating] = useMutation(CreateProblemDocument, {
    refetchQueries: PROBLEM_LIST_QUERIES,
  });
  const [update, updating] = useMutation(UpdateProblemDocument, {
    refetchQueries: PROBLEM_LIST_QUERIES,
  });
  const saving = creating.loading || updating.loading;

  // The same rules the server applies; their messages translate under problems:errors.
  const titleIssue = postTitleIssue(name);
  const titleError = titleIssue ? translateServerMessage(t, titleIssue) : null;
  const descriptionIssue = postDescriptionIssue(description);
  const descriptionError = descriptionIssue ? translateServerMessage(t, descriptionIssue) : null;
  const stepValid = step !== 0 || (!titleError && !descriptionError);
  const authorName = isAnonymousPost ? t('problems:card.anonymous') : (viewer?.displayName ?? '');

  const next = () => {
    setTouched(true);
    if (stepValid) setStep((current) => Math.min(current + 1, STEPS - 1));
  };

  const submit = async () => {
    if (titleError || descriptionError) {
      setStep(0);
      setTouched(true);
      return;
    }
    try {
      if (problem) {
        await update({
          variables: {
            id: problem.id,
            input: { name, description, isAnonymousPost, isDraft },
          },
        });
        notifySuccess(t('problems:toast.updated'));
      } else {
        const { data } = await create({
          variables: {
            input: {
              name,
              description,
              isAnonymousPost,
              isDraft,
              spaceId: spaceId || null,
            },
          },
        });
        notifySuccess(isDraft ? t('problems:toast.draftSaved') : t('problems:toast.added'));
        if (data) void navigate(`/problem/${data.createProblem.id}/info`);
      }
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
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
              <Stack gap={2} style={{ flex: 1 }}>
                <Text size="sm" fw={500}>
                  {t('problems:dialog.postingAs', { name: authorName })}
                </Text>
                <Switch
                  checked={isAnonymousPost}
                  onChange={(event) => setAnonymous(event.currentTarget.checked)}
                  label={t('problems:dialog.anonymous')}
                  description={t('problems:dialog.anonymousHint')}
                />
              </Stack>
            </Group>
            <TextInput
              label={t('problems:dialog.titleLabel')}
              placeholder={t('problems:dialog.titlePlaceholder')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched ? titleError : null}
              required
              data-autofocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} component="label" htmlFor={editorId}>
                {t('problems:dialog.descriptionLabel')}
              </Text>
              <RichTextEditor
                id={editorId}
                value={description}
                onChange={(html) => {
                  setDescription(html);
                  if (html) setTouched(true);
                }}
                ariaLabel={t('problems:dialog.descriptionLabel')}
                placeholder={t('problems:dialog.descriptionPlaceholder')}
                error={touched ? descriptionError : null}
              />
            </Stack>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : t('problems:dialog.step2')}>
          <Stack gap="sm" pt="sm">
            <Alert
              icon={<IconPhoto size={18} />}
              title={t('problems:dialog.mediaTitle')}
              variant="light"
            >
              {t('problems:dialog.mediaLater')}
            </Alert>
            <Alert
              icon={<IconMapPin size={18} />}
              title={t('problems:dialog.locationTitle')}
              variant="light"
              color="gray"
            >
              {t('problems:dialog.locationLater')}
            </Alert>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : t('problems:dialog.step3')}>
          <Stack gap="md" pt="sm">
            <Card withBorder radius="md" padding="md" aria-label={t('problems:dialog.preview')}>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {authorName}
                  </Text>
                  <Group gap={6}>
                    {isDraft ? (
                      <Badge color="gray" variant="light">
                        {t('problems:card.draft')}
                      </Badge>
                    ) : null}
                    <StatusBadge status={problem?.status ?? 'unsolved'} />
                  </Group>
                </Group>
                <Title order={3} size="h4">
                  {name.trim()}
                </Title>
                <RichText html={description} />
              </Stack>
            </Card>
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
        {step < STEPS - 1 ? (
          <Button onClick={next}>{t('problems:dialog.next')}</Button>
        ) : (
          <Button loading={saving} onClick={() => void submit()}>
            {isDraft ? t('problems:dialog.saveDraft') : t('problems:dialog.publish')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
