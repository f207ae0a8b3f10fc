import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { MapsDirectory } from './MapsDirectory';
import { MapsMenu } from './MapsMenu';

const DIRECTORY_WIDTH = 900;

/** /graphviews (the Progress tab) and /spaceviews: the active space's maps directory. */
export function MapsDirectoryPage() {
  const { t } = useTranslation();
  const { spaceName } = useActiveSpace();
  return (
    <Stack gap="md" maw={DIRECTORY_WIDTH} mx="auto" w="100%">
      <Card withBorder radius="md" padding="sm">
        <Stack gap="xs">
          <Stack gap={2}>
            <Title order={1} size="h3">
              {t('maps:directory.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('maps:directory.intro', { space: spaceName })}
            </Text>
          </Stack>
          <MapsMenu inDirectory />
        </Stack>
      </Card>
      <MapsDirectory />
    </Stack>
  );
}
