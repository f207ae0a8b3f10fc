// The chat feature for the app shell:
// - `chatRoutes`: /chat (the lists and an open conversation), /chat/{id} and its info page
//   /chat/{id}/info.
// - `ChatBadge`: the header's chat button with the unread badge (the shell loads `ChatDrawer`
//   from its own module when first opened).
// - `useChatTotals`: the badge's number (the mobile bottom bar's Chat item).
// - `GroupMenu`, `PresenceDot`, `useChatNavigation`: for the conversation view's header.
import type { RouteObject } from 'react-router';

const chatPage = () => import('./ChatPage').then((m) => ({ Component: m.ChatPage }));

export const chatRoutes: RouteObject[] = [
  {
    path: 'chat',
    children: [
      { index: true, lazy: chatPage },
      { path: ':id', lazy: chatPage },
      {
        path: ':id/info',
        lazy: () =>
          import('./ConversationInfoPage').then((m) => ({ Component: m.ConversationInfoPage })),
      },
    ],
  },
];

export { ChatBadge } from './ChatBadge';
export { useChatNavigation } from './chatNavigation';
export { GroupMenu } from './GroupMenu';
export { PresenceDot } from './PresenceDot';
export { useChatTotals } from './useChatTotals';
