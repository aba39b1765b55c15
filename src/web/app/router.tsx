import { createBrowserRouter } from 'react-router';
import { backOfficeRoutes } from './back-office-routes';
import { RouteError } from './route-error';
import { routes } from './routes';

export const router = createBrowserRouter([
  // One error page for every route: an unexpected failure never shows a blank page or a stack.
  { ErrorBoundary: RouteError, children: [...backOfficeRoutes, ...routes] },
]);
