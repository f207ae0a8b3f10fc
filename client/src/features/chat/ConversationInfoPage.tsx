import { useQuery } from '@apollo/client/react';
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { ChatConversationDocument } from '../../gql/graphql';
import { RequireSignIn } from '../auth';
import { chatPathOf } from './chatNavigation';
import { GroupInfo, MemberList } from './GroupDialogs';

/** The page's column, as wide as a dialog's. */
const PAGE_WIDTH = 560;

/**
 * /chat/{id}/info: what the group menu's Group Info shows, with the members, as a page of its own
 * (a link to a group's details). Members only: anyone else, like an unknown id, gets the 404 page,
 * so the address tells a stranger nothing about the conversation.
 */
export function ConversationInfoPage() {
  return (
    <RequireSignIn>
      <ConversationInfo />
    </RequireSignIn>
  );
}

function ConversationInfo() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(ChatConversationDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const conversation = query.data?.chatConversation;
  const pending = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!conversation,
    skeleton: <SkeletonRows count={6} height={36} label={t('chat:info.loading')} />,
    errorTitle: t('chat:info.loadFailed'),
    errorPages: { NOT_FOUND: 404, FORBIDDEN: 404, BAD_USER_INPUT: 404 },
    itemPage: true,
  });
  if (pending) return pending;
  // A public channel is readable by the space before joining: its page is still for members.
  if (!conversation?.isMember) return <ErrorPage status={404} />;
  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <Group>
        <Button
          component={Link}
          to={chatPathOf({ conversationId: conversation.id })}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('chat:info.backToChat')}
        </Button>
      </Group>
      <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {t('chat:info.pageTitle', { name: conversation.name })}
      </Title>
      <Paper withBorder radius="md" p="md">
        <GroupInfo conversation={conversation} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600} component="h2" size="md" m={0}>
            {t('chat:members.title')}
          </Text>
          <Divider />
          <MemberList conversationId={conversation.id} onNavigate={() => undefined} />
        </Stack>
      </Paper>
    </Stack>
  );
}
