import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginBox, useViewer } from '../auth';
import { useSpaceActions } from './useSpaceActions';

/**
 * A private space the viewer may not read, with Request access (signed out: sign in first). The
 * space page and a shared link into a private space both answer with it, in their own words.
 */
export function RequestAccessPanel({
  spaceId,
  title,
  text,
  signedOutText,
  maw,
  children,
}: {
  spaceId: string;
  title: string;
  text: ReactNode;
  /** What a signed-out visitor reads above Sign in, if anything. */
  signedOutText?: string;
  maw: number;
  /** Below the actions (a link home). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const { open } = useLoginBox();
  const actions = useSpaceActions();
  const [sent, setSent] = useState(false);
  return (
    <Card withBorder radius="md" padding="xl" maw={maw} mx="auto" w="100%">
      <Stack align="center" ta="center" gap="md">
        <IconLock size={40} aria-hidden />
        <Title order={1} size="h3">
          {title}
        </Title>
        {text}
        {viewer ? (
          <Button
            disabled={sent}
            onClick={() => void actions.requestAccess(spaceId).then((done) => setSent(done))}
          >
            {sent ? t('spaces:request.pending') : t('spaces:request.button')}
          </Button>
        ) : (
          <>
            {signedOutText ? (
              <Text c="dimmed" size="sm">
                {signedOutText}
              </Text>
            ) : null}
            <Button onClick={() => open('signin')}>{t('common:auth.signIn')}</Button>
          </>
        )}
        {children}
      </Stack>
    </Card>
  );
}
