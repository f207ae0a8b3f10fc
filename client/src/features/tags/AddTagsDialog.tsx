import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { ADD_TAGS_MAX } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { AddTagsDocument } from '../../gql/graphql';
import { TagPicker } from './TagPicker';

/** The add-tags dialog (POST /tags): registers new tags; 'Tags added successfully.' */
export function AddTagsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<string[]>([]);
  const [addTags, { loading }] = useMutation(AddTagsDocument);
  const close = () => {
    setTags([]);
    onClose();
  };
  const submit = async () => {
    try {
      await addTags({ variables: { tags } });
      notifySuccess(t('tags:errors.tagsAdded'));
      close();
    } catch (caught) {
      notifyError(caught);
    }
  };
  return (
    <Modal opened={opened} onClose={close} size={500} title={t('tags:addDialog.title')}>
      <Stack>
        <TagPicker
          value={tags}
          onChange={setTags}
          max={ADD_TAGS_MAX}
          label={t('tags:addDialog.label')}
          tooManyMessage={t('tags:errors.addTagsMax')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button loading={loading} disabled={tags.length === 0} onClick={() => void submit()}>
            {t('tags:addDialog.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
