import { Alert, Stack } from '@mantine/core';
import { IconMapPin, IconPhoto } from '@tabler/icons-react';

/** The "media (and location) come in a later issue" notes of a post form's media step. */
export function MediaLaterStep({
  mediaTitle,
  mediaText,
  location,
}: {
  mediaTitle: string;
  mediaText: string;
  /** The location note; without it only the media note shows. */
  location?: { title: string; text: string };
}) {
  if (!location) {
    return (
      <Alert mt="sm" icon={<IconPhoto size={18} />} title={mediaTitle} variant="light">
        {mediaText}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" pt="sm">
      <Alert icon={<IconPhoto size={18} />} title={mediaTitle} variant="light">
        {mediaText}
      </Alert>
      <Alert icon={<IconMapPin size={18} />} title={location.title} variant="light" color="gray">
        {location.text}
      </Alert>
    </Stack>
  );
}
