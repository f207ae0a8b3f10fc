import { useQuery } from '@apollo/client/react';
import { Anchor, NavLink, Text } from '@mantine/core';
import { AI_CHATS_MAX } from '@rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSection } from '../../components/ListSection';
import { nodesOf } from '../../app/cursorPages';
import { AiChatsDocument } from '../../gql/graphql';
import { useAiChatName } from './AiChatList';
import { useAiTexts } from './aiTexts';

/** The drawer shows the newest few; /aichat holds them all. */
const SHOWN = 5;

/**
 * The chat lists' "AI Chats" section (000 §3 conversation type aiChat): the person's newest AI
 * chats linking to /aichat, or the spec's empty state. Loaded with its texts when the lists show.
 */
export function AiChatsSection({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const loaded = useAiTexts();
  const nameOf = useAiChatName();
  // The page's own query: the drawer and /aichat share one cached list.
  const query = useQuery(AiChatsDocument, {
    variables: { first: AI_CHATS_MAX },
    fetchPolicy: 'cache-and-network',
  });
  if (!loaded || !query.data) return null;
  const chats = nodesOf(query.data.aiChats).slice(0, SHOWN);
  const title = t('ai:chat.chats');
  return (
    <ListSection
      title={title}
      actions={
        <Anchor component={Link} to="/aichat" size="xs" onClick={onOpen}>
          {t('ai:chat.openAll')}
        </Anchor>
      }
    >
      {chats.length === 0 ? (
        <Text size="sm" c="dimmed" py={4}>
          {t('ai:chat.empty')}
        </Text>
      ) : (
        chats.map((chat) => (
          <NavLink
            key={chat.id}
            component={Link}
            to={`/aichat/${chat.id}`}
            label={nameOf(chat)}
            onClick={onOpen}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))
      )}
    </ListSection>
  );
}
