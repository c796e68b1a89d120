import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { guestOnlyLoader, requireSessionLoader } from './guards/session-guards';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteError } from './route-error';

/**
 * The route table, each screen lazy-loaded behind its guard. Until the route map lands, every
 * destination path shares one authenticated frame through the catch-all route.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: FullPageLoader,
    children: [
      {
        index: true,
        loader: guestOnlyLoader,
        handle: { titleKey: 'routes.login' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
      },
      {
        id: 'authenticated',
        loader: requireSessionLoader,
        lazy: async () => ({ Component: (await import('./layouts/app-frame')).AppFrame }),
        children: [
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/account/pages/destination-page')).DestinationPage,
            }),
          },
        ],
      },
    ],
  },
];
