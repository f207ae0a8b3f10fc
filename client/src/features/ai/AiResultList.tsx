import { useMutation } from '@apollo/client/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { AI_PUBLISHABLE_KINDS } from '@rules';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../components/notify';
import { PublishAiResultDocument, type AiResultFieldsFragment } from '../../gql/graphql';
import { notifyAiError } from './aiErrors';

type AiResult = AiResultFieldsFragment;
type AiResultItem = AiResult['items'][number];

/** Where a published item lives. */
function publishedPath(result: AiResult, publishedId: string) {
  if (result.kind === 'problems') return `/problem/${publishedId}/info`;
  if (result.kind === 'parts') return `/problem/${result.problemId}/parts/${publishedId}`;
  return result.problemId
    ? `/problem/${result.problemId}/solutions/${publishedId}`
    : `/solution/${publishedId}`;
}

/**
 * The items of an AI run: each with its name, description and (parts) type, and for the person
 * who ran it a Publish action that creates the real item; a published one links to it. Publish
 * is offered only for kinds that publish (outcomes and ingredients have no page yet).
 */
export function AiResultList({
  result,
  onChange,
}: {
  result: AiResult;
  /** The run as publishing left it (a panel holding it in its state). */
  onChange?: (result: AiResult) => void;
}) {
  const { t } = useTranslation();
  const [publish] = useMutation(PublishAiResultDocument);
  const [publishing, setPublishing] = useState<string | null>(null);
  const publishable = result.isMine && AI_PUBLISHABLE_KINDS.includes(result.kind);

  const publishItem = async (item: AiResultItem) => {
    setPublishing(item.name);
    try {
      const answer = await publish({ variables: { resultId: result.id, name: item.name } });
      if (answer.data) onChange?.(answer.data.publishAiResult);
      notifySuccess(t('ai:helpers.published', { name: item.name }));
    } catch (error) {
      notifyAiError(error, t);
    } finally {
      setPublishing(null);
    }
  };

  if (result.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('ai:helpers.noItems')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="ai-result">
      {result.items.map((item) => (
        <Card key={item.name} withBorder radius="sm" padding="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {item.name}
                </Text>
                {item.partType ? (
                  <Badge size="xs" variant="light">
                    {t(`ai:helpers.partTypes.${item.partType}`)}
                  </Badge>
                ) : null}
              </Group>
              {item.description ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {item.description}
                </Text>
              ) : null}
            </Stack>
            {item.isPublished && item.publishedId ? (
              <Anchor
                component={Link}
                to={publishedPath(result, item.publishedId)}
                size="sm"
                style={{ flexShrink: 0 }}
              >
                <Group gap={4} wrap="nowrap">
                  <IconCheck size={14} aria-hidden />
                  {t('ai:helpers.publishedLink')}
                </Group>
              </Anchor>
            ) : publishable ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} aria-hidden />}
                loading={publishing === item.name}
                disabled={publishing !== null && publishing !== item.name}
                onClick={() => void publishItem(item)}
                aria-label={t('ai:helpers.publishOne', { name: item.name })}
                style={{ flexShrink: 0 }}
              >
                {t('ai:helpers.publish')}
              </Button>
            ) : null}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
