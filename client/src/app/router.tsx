import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage, RouteErrorPage } from '../components/ErrorPage';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { billingRoutes } from '../features/billing/routes';
import { bookmarkRoutes } from '../features/bookmarks/routes';
import { chatRoutes } from '../features/chat/routes';
import { mapRoutes } from '../features/maps/routes';
import { pdfRoutes } from '../features/media/pdf';
import { placeRoutes } from '../features/places/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { oauthRoutes } from '../features/oauth/routes';
import { moderationRoutes } from '../features/moderation/routes';
import { peopleRoutes } from '../features/people/routes';
import { problemRoutes } from '../features/problems/routes';
import { reactionRoutes } from '../features/reactions/routes';
import { skillRoutes } from '../features/skills/routes';
import { solutionRoutes } from '../features/solutions/routes';
import { spaceRoutes } from '../features/spaces/routes';
import { storyRoutes } from '../features/stories/routes';
import { tagRoutes } from '../features/tags/routes';
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
              ...oauthRoutes,
              ...billingRoutes,
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
