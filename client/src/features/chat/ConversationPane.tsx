import type { ChatTarget } from './chatNavigation';
import { ConversationView } from './conversation/ConversationView';

/** The open conversation, or a new direct chat, in the drawer or on the page. */
export function ConversationPane({ target, onBack }: { target: ChatTarget; onBack?: () => void }) {
  return 'conversationId' in target ? (
    <ConversationView conversationId={target.conversationId} onBack={onBack} />
  ) : (
    <ConversationView receiverId={target.receiverId} onBack={onBack} />
  );
}
