import { useMutation } from '@apollo/client/react';
import { Avatar, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BIO_MAX, DISPLAY_NAME_MAX, bioSchema, displayNameSchema, webUrlSchema } from '@rules';
import {
  notifyError,
  notifySuccess,
  serverErrorOf,
  translateServerMessage,
} from '../../components/notify';
import { UpdateProfileDocument } from '../../gql/graphql';
import { useViewer, type Viewer } from '../auth';

type Field = 'displayName' | 'bio' | 'photoURL';

function ProfileForm({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState(viewer.displayName);
  const [bio, setBio] = useState(viewer.bio ?? '');
  const [photoURL, setPhotoURL] = useState(viewer.photoURL ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [updateProfile, { loading }] = useMutation(UpdateProfileDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = displayNameSchema.safeParse(displayName);
    const about = bioSchema.safeParse(bio);
    const photo = photoURL.trim();
    const picture = photo ? webUrlSchema.safeParse(photo) : null;
    const next: typeof errors = {};
    if (!name.success)
      next.displayName = translateServerMessage(t, name.error.issues[0]?.message ?? '');
    if (!about.success) next.bio = translateServerMessage(t, about.error.issues[0]?.message ?? '');
    if (picture && !picture.success)
      next.photoURL = translateServerMessage(t, picture.error.issues[0]?.message ?? '');
    setErrors(next);
    if (!name.success || !about.success || next.photoURL) return;
    try {
      await updateProfile({
        variables: { input: { displayName: name.data, bio: about.data, photoURL: photo || null } },
      });
      notifySuccess(t('users:profile.saved'));
    } catch (error) {
      const info = serverErrorOf(error, t);
      if (info.field === 'displayName' || info.field === 'bio' || info.field === 'photoURL') {
        setErrors({ [info.field]: info.message });
      } else {
        notifyError(error);
      }
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Group>
          <Avatar
            src={photoURL.trim() || null}
            name={displayName}
            size={72}
            radius="xl"
            color="initials"
          />
          <div>
            <Text fw={600}>{displayName || viewer.displayName}</Text>
            <Text size="sm" c="dimmed">
              {viewer.email}
            </Text>
          </div>
        </Group>
        <TextInput
          label={t('users:profile.displayName')}
          description={t('users:profile.displayNameHint', { max: DISPLAY_NAME_MAX })}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
          error={errors.displayName}
        />
        <Textarea
          label={t('users:profile.bio')}
          description={t('users:profile.bioHint', { max: BIO_MAX })}
          autosize
          minRows={3}
          value={bio}
          onChange={(event) => setBio(event.currentTarget.value)}
          error={errors.bio}
        />
        <TextInput
          label={t('users:profile.photoURL')}
          placeholder="https://…"
          type="url"
          value={photoURL}
          onChange={(event) => setPhotoURL(event.currentTarget.value)}
          error={errors.photoURL}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={loading}>
            {t('users:profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /settings/profile: display name, bio and photo URL. */
export function ProfileSettingsPage() {
  const { viewer } = useViewer();
  return viewer ? <ProfileForm key={viewer.id} viewer={viewer} /> : null;
}
