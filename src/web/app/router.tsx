import { createBrowserRouter } from 'react-router';
import { backOfficeRoutes } from './back-office-routes';
import { FirstLoad, RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { routes } from './routes';

export const router = createBrowserRouter([
  // One error page for every route: an unexpected failure never shows a blank page or a stack.
  // The root also starts each page at the top and has the fallback for the first page's code.
  { Component: RootLayout, HydrateFallback: FirstLoad, ErrorBoundary: RouteError, children: [...backOfficeRoutes, ...routes] },
]);
