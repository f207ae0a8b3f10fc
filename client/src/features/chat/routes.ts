// The chat feature's routes: /chat (the lists and an open conversation), /chat/{id} and its info
// page /chat/{id}/info, loaded when visited.
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
