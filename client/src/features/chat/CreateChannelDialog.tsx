import { Modal, Radio, Stack, Stepper, Text, Textarea, TextInput } from '@mantine/core';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_VISIBILITIES,
  CHAT_MESSAGES,
  channelNameSchema,
} from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { StepperActions } from '../../components/post-form/StepperActions';
import { notifyError, notifySuccess, translateServerMessage } from '../../components/notify';
import type { ChatConversationFieldsFragment } from '../../gql/graphql';
import { useConversationMutations } from './useConversationMutations';

type Visibility = (typeof CHANNEL_VISIBILITIES)[number];
const LAST_STEP = 1;

/**
 * Create channel in 2 steps (000 §2, §4, §5): 1 the name ('Name Required.', at least 3
 * characters) and an optional description, 2 public or private (mandatory); Create on the last
 * step makes it in the active space and opens it. Errors show once Next or Create was pressed,
 * then follow the typing. Closing clears it (it mounts with each opening).
 */
export function CreateChannelDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (conversation: ChatConversationFieldsFragment) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat:createChannel.title')} size="md">
      {opened ? <ChannelForm onCancel={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function ChannelForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (conversation: ChatConversationFieldsFragment) => void;
}) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const { createConversation, saving } = useConversationMutations();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<Visibility | null>(null);
  const [triedName, setTriedName] = useState(false);
  const [triedVisibility, setTriedVisibility] = useState(false);

  const nameCheck = channelNameSchema.safeParse(name);
  const nameIssue = nameCheck.success ? null : (nameCheck.error.issues[0]?.message ?? null);
  const nameError = triedName && nameIssue ? translateServerMessage(t, nameIssue) : null;
  const visibilityError =
    triedVisibility && !visibility
      ? translateServerMessage(t, CHAT_MESSAGES.visibilityRequired)
      : null;

  const next = () => {
    setTriedName(true);
    if (!nameIssue) setStep(LAST_STEP);
  };

  const create = async () => {
    setTriedVisibility(true);
    if (!visibility) return;
    if (nameIssue) {
      setStep(0);
      return;
    }
    try {
      const conversation = await createConversation({
        type: visibility,
        spaceId,
        name: name.trim(),
        description: description.trim(),
      });
      notifySuccess(t('chat:createChannel.created'));
      onCancel();
      onCreated(conversation);
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm">
        <Stepper.Step label={t('chat:createChannel.stepName')}>
          <Stack gap="sm" pt="sm">
            <TextInput
              label={t('chat:createChannel.name')}
              required
              data-autofocus
              value={name}
              maxLength={CHANNEL_NAME_MAX}
              error={nameError}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') next();
              }}
            />
            <Textarea
              label={t('chat:createChannel.description')}
              value={description}
              maxLength={CHANNEL_DESCRIPTION_MAX}
              autosize
              minRows={2}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('chat:createChannel.stepVisibility')}>
          <Radio.Group
            pt="sm"
            label={t('chat:createChannel.visibility')}
            required
            value={visibility}
            error={visibilityError}
            onChange={(value) => setVisibility(value as Visibility)}
          >
            <Stack gap="sm" pt="xs">
              {CHANNEL_VISIBILITIES.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={
                    value === 'public'
                      ? t('chat:createChannel.public')
                      : t('chat:createChannel.private')
                  }
                  description={
                    value === 'public'
                      ? t('chat:createChannel.publicHint')
                      : t('chat:createChannel.privateHint')
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        </Stepper.Step>
      </Stepper>
      <Text size="xs" c="dimmed">
        {t('chat:createChannel.stepOf', { step: step + 1, total: LAST_STEP + 1 })}
      </Text>
      <StepperActions
        step={step}
        lastStep={LAST_STEP}
        onCancel={onCancel}
        onBack={() => setStep(0)}
        onNext={next}
        onSubmit={() => void create()}
        saving={saving}
        cancelLabel={t('common:actions.cancel')}
        backLabel={t('common:actions.back')}
        nextLabel={t('chat:createChannel.next')}
        submitLabel={t('chat:createChannel.create')}
      />
    </Stack>
  );
}
