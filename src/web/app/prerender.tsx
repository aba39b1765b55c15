// The first screen of the sign-in pages (and the password reset's) as HTML, rendered by the build (vite.config.ts) into their
// documents: the page paints with the stylesheet, before its code has loaded, and React replaces it
// with the same page when it mounts (decision 018). Rendered as the page first renders in the
// browser: no data yet, so the token's name is the fallback until the sale arrives.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { setClassMerge } from '@/web/lib/utils';
import { paths } from '@/web/lib/paths';
import { Component as ForgotPassword } from './routes/auth/forgot-password';
import { Component as Login } from './routes/auth/login';
import { Component as Register } from './routes/auth/register';
import { Component as ResetPassword } from './routes/auth/reset-password';

/** The pages rendered ahead, by path. Each has no data of its own, only the sale's name. */
export const PRERENDERED: Record<string, ComponentType> = {
  [paths.login]: Login,
  [paths.register]: Register,
  [paths.forgotPassword]: ForgotPassword,
  [paths.resetPassword]: ResetPassword,
};

/**
 * The page's markup with its controls disabled: until React has replaced it, nothing typed would
 * be kept and a submitted form would go nowhere (a GET with the password in the address). Links
 * work as they are. React's image preload hints are left out: they belong in a document's head.
 */
export function prerender(path: string): string {
  const Page = PRERENDERED[path];
  if (!Page) throw new Error(`No page to prerender at ${path}`);
  // As app.tsx does before the router app renders.
  setClassMerge(twMerge);
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={path}>
          <Page />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return html.replace(/<link rel="preload" as="image"[^>]*>/g, '').replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
}
