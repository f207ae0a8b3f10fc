import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage, RouteErrorPage } from '../components/ErrorPage';
import { adminRoutes } from '../features/admin';
import { authRoutes } from '../features/auth/routes';
import { bookmarkRoutes } from '../features/bookmarks';
import { chatRoutes } from '../features/chat';
import { mapRoutes } from '../features/maps';
import { pdfRoutes } from '../features/media/pdf';
import { placeRoutes } from '../features/places';
import { notificationRoutes } from '../features/notifications';
import { moderationRoutes } from '../features/moderation';
import { peopleRoutes } from '../features/people';
import { problemRoutes } from '../features/problems';
import { reactionRoutes } from '../features/reactions';
import { skillRoutes } from '../features/skills';
import { solutionRoutes } from '../features/solutions';
import { spaceRoutes } from '../features/spaces';
import { storyRoutes } from '../features/stories';
import { tagRoutes } from '../features/tags';
import { settingsRoutes } from '../features/users/routes';
import { AuthLayout } from './AuthLayout';
import { CatchAll } from './CatchAll';
import { Root } from './Root';
import { ShellLayout } from './ShellLayout';

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'auth', element: <AuthLayout />, children: authRoutes },
      {
        element: <ShellLayout />,
        children: [
          {
            // A failing page shows the error page inside the shell, navigation still there.
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <Navigate to="/stories/recent" replace /> },
              ...storyRoutes,
              ...spaceRoutes,
              ...problemRoutes,
              ...solutionRoutes,
              ...skillRoutes,
              ...tagRoutes,
              ...peopleRoutes,
              ...reactionRoutes,
              ...bookmarkRoutes,
              ...moderationRoutes,
              ...adminRoutes,
              ...settingsRoutes,
              ...notificationRoutes,
              ...chatRoutes,
              ...pdfRoutes,
              ...placeRoutes,
              ...mapRoutes,
              { path: '404', element: <ErrorPage status={404} /> },
              { path: 'error', element: <ErrorPage status={500} /> },
              { path: '*', element: <CatchAll /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
