// The chat feature's routes: /chat (the lists and an open conversation), /chat/{id} and its info
// page /chat/{id}/info, loaded when visited; and /aichat (000 §2), the AI chats, whose page the
// chat page hands over (ChatPage.tsx): one more loader would grow every first visit.
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
  { path: 'aichat/:id?', lazy: chatPage },
];
