import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { PROFILE_TAGS_MAX } from '@rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/notify';
import { MyProfileTagsDocument, SetProfileTagsDocument } from '../../gql/graphql';
import { notifyRule } from './toast';
import { TagPicker } from './TagPicker';

/** The edit-profile-tags dialog (user menu): at most 10, sent without '#'. */
export function ProfileTagsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} size={500} title={t('tags:profileTags.title')}>
      {opened ? <ProfileTagsForm onDone={onClose} /> : null}
    </Modal>
  );
}

function ProfileTagsForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(MyProfileTagsDocument, {
    fetchPolicy: 'network-only',
  });
  const [tags, setTags] = useState<string[] | null>(null);
  const [save, { loading }] = useMutation(SetProfileTagsDocument, {
    refetchQueries: [MyProfileTagsDocument],
  });
  useEffect(() => {
    if (data && tags === null) setTags(data.myProfileTags);
  }, [data, tags]);

  const submit = async () => {
    try {
      await save({ variables: { tags: tags ?? [] } });
      notifySuccess(t('tags:errors.profileTagsUpdated'));
      onDone();
    } catch {
      notifyRule(t('tags:errors.profileTagsFailed'));
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('tags:profileTags.hint')}
      </Text>
      <TagPicker
        value={tags ?? []}
        onChange={setTags}
        max={PROFILE_TAGS_MAX}
        label={t('tags:profileTags.label')}
        counter={t('tags:profileTags.counter', {
          count: tags?.length ?? 0,
          max: PROFILE_TAGS_MAX,
        })}
        tooManyMessage={t('tags:errors.profileTagsMax')}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button loading={loading} disabled={tags === null} onClick={() => void submit()}>
          {t('common:actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
