import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/lib/paths';

/** Shown when a page fails unexpectedly (or its code could not be loaded after a new release). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="text-muted-foreground max-w-sm">{notFound ? 'The page you are looking for does not exist or has moved.' : 'This page could not be shown. Reload it to try again; if it keeps failing, contact support.'}</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <a href={paths.home}>Go home</a>
        </Button>
      </div>
    </main>
  );
}
