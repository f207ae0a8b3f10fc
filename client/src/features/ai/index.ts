import { lazy, type ComponentType } from 'react';
import { loadAiTexts } from './aiTexts';

/** A page or panel of this feature, loaded with its code and the AI texts when first shown. */
const withAiTexts = <Props>(load: () => Promise<ComponentType<Props>>) =>
  lazy(async () => {
    const [component] = await Promise.all([load(), loadAiTexts()]);
    return { default: component };
  });

// My AI Configs, shown by the settings layout (features/users/SettingsLayout.tsx).
export const AiConfigsPage = withAiTexts(() =>
  import('./AiConfigsPage').then((m) => m.AiConfigsPage),
);
// /aichat, handed over by the chat page's chunk (features/chat/routes.ts).
export const AiChatPage = withAiTexts(() => import('./AiChatPage').then((m) => m.AiChatPage));
// The chat lists' AI Chats section (features/chat/ConversationList.tsx).
export const AiChatsSection = withAiTexts(() =>
  import('./AiChatsSection').then((m) => m.AiChatsSection),
);
// The AI helpers: in the post dialogs and on a problem's page.
export const AiIdentifyPanel = withAiTexts(() =>
  import('./AiIdentifyPanel').then((m) => m.AiIdentifyPanel),
);
export const ProblemAiCard = withAiTexts(() =>
  import('./ProblemAiCard').then((m) => m.ProblemAiCard),
);
export const AiHelpSection = withAiTexts(() =>
  import('./AiHelpSection').then((m) => m.AiHelpSection),
);
// The story page's Key topics panel (features/stories) translates its AI texts and errors with these.
export { useAiTexts } from './aiTexts';
export { notifyAiError } from './aiErrors';
