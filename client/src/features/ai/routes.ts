// /aichat and /aichat/{id} (000 §2), loaded when visited: its code and texts stay out of a first visit.
import type { RouteObject } from 'react-router';

export const aiRoutes: RouteObject[] = [
  {
    path: 'aichat/:id?',
    lazy: () => import('./AiChatPage').then((m) => ({ Component: m.AiChatPage })),
  },
];
