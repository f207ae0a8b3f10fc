import { Button, Card } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiIdentifyPanel, type AiIdentifyPanelProps } from './AiIdentifyPanel';

/**
 * "Ask AI" under a post form's text: opens the AI helper on what the person typed. Its own chunk,
 * loaded with the AI texts when the form opens, so the form itself carries nothing of AI.
 */
export function AiHelpSection(props: AiIdentifyPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconSparkles size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('ai:helpers.ask')}
      </Button>
    );
  return (
    <Card withBorder radius="md" padding="sm">
      <AiIdentifyPanel {...props} />
    </Card>
  );
}
