import type { RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * Starts loading the route modules that will render `pathname` while the router's own code is
 * still on its way; the router would otherwise ask for them only once it has loaded. The match is
 * a simple one (static segments and :params, as the table has): a miss only means that nothing is
 * loaded early, and the router loads the same modules again from the browser's module map.
 */
export function preloadRoute(pathname: string): void {
  const segments = pathname.split('/').filter(Boolean);
  if (!preloadMatching(routes, segments)) load(routes.find((route) => route.path === '*'));
}

function preloadMatching(routes: RouteObject[], segments: string[]): boolean {
  for (const route of routes) {
    if (route.index) {
      if (segments.length > 0) continue;
      load(route);
      return true;
    }
    if (!route.path || route.path === '*') continue;
    const own = route.path.split('/').filter(Boolean);
    if (own.length > segments.length || !own.every((segment, i) => segment.startsWith(':') || segment === segments[i])) continue;
    const rest = segments.slice(own.length);
    if (route.children ? preloadMatching(route.children, rest) : rest.length === 0) {
      load(route);
      return true;
    }
  }
  return false;
}

function load(route: RouteObject | undefined): void {
  // A module that fails here fails again when the router loads it, and the router reports it.
  if (typeof route?.lazy === 'function') route.lazy().catch(() => undefined);
}
