import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { registerNavigator } from '@/app/navigation';
import { HOME_PATH } from '@/app/session/tabs';
import { RootFrame } from './RootFrame';
import { RouteFailure } from './RouteFailure';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** The layout-less report pages that other work builds (spec section 2); each says what it will show. */
const REPORT_PAGES = ['/conditional/index', '/Information/index', '/dayConditional/index', '/dayInformation/index', '/factoryvehicle/index'];

const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteFailure />,
    children: [
      { path: '/login', lazy: page(() => import('@/pages/login/LoginPage')) },
      { path: '/forgetpwd', lazy: page(() => import('@/pages/account/ForgetPasswordPage')) },
      { path: '/register', lazy: page(() => import('@/pages/account/RegisterPage')) },
      { path: '/lock', lazy: page(() => import('@/pages/lock/LockPage')) },
      { path: '/401', lazy: page(() => import('@/pages/errors/Error401Page')) },
      { path: '/403', lazy: page(() => import('@/pages/errors/Error403Page')) },
      { path: '/404', lazy: page(() => import('@/pages/errors/Error404Page')) },
      { path: '/500', lazy: page(() => import('@/pages/errors/Error500Page')) },
      { path: '/', element: <Navigate to="/clouds" replace /> },
      { path: '/clouds', element: <Navigate to={HOME_PATH} replace /> },
      ...REPORT_PAGES.map((path) => ({ path, lazy: page(() => import('@/pages/reports/ReportPlaceholderPage')) })),
      // Every other address is a workspace page (fixed or from the menu); the layout resolves it.
      { path: '*', lazy: page(() => import('@/app/layout/WorkspaceLayout')) },
    ],
  },
];

export const router = createBrowserRouter(routes);

registerNavigator((to, opts) => void router.navigate(to, opts));
