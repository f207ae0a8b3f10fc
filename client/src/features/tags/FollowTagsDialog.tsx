import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { TAG_FOLLOW_MAX } from '@rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  FollowedTagsDocument,
  FollowTagsDocument,
  StoriesDocument,
  TagsDocument,
} from '../../gql/graphql';
import { TagPicker } from './TagPicker';

/** Spec: the tags dialog is at most 500 wide. */
const TAGS_DIALOG_WIDTH = 500;

/** The follow-tags dialog: the followed tags, 'Following: n (Max 10)', tag suggestions; saves all at once. */
export function FollowTagsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={TAGS_DIALOG_WIDTH}
      title={t('tags:followDialog.title')}
    >
      {opened ? <FollowTagsForm onDone={onClose} /> : null}
    </Modal>
  );
}

function FollowTagsForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const { data } = useQuery(FollowedTagsDocument, {
    variables: { spaceId: spaceId || null },
    fetchPolicy: 'network-only',
  });
  const [value, setValue] = useState<string[] | null>(null);
  const [save, { loading }] = useMutation(FollowTagsDocument, {
    refetchQueries: [FollowedTagsDocument, StoriesDocument, TagsDocument],
  });
  useEffect(() => {
    if (data && value === null) setValue(data.followedTags.map((tag) => tag.id));
  }, [data, value]);
  const tags = value ?? [];

  const submit = async () => {
    try {
      await save({ variables: { tags } });
      notifySuccess(t('tags:followDialog.saved'));
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack>
      <TagPicker
        value={tags}
        onChange={setValue}
        max={TAG_FOLLOW_MAX}
        label={t('tags:followDialog.label')}
        counter={t('tags:followDialog.counter', {
          count: tags.length,
          max: TAG_FOLLOW_MAX,
        })}
        tooManyMessage={t('tags:errors.maxTags')}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button loading={loading} disabled={value === null} onClick={() => void submit()}>
          {t('tags:followDialog.save')}
        </Button>
      </Group>
    </Stack>
  );
}
