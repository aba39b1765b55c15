import { useSyncExternalStore } from 'react';
import { useContent } from '@/web/features/content/api/get-content';
import { ConsentBanner } from './consent-banner';
import { PixelLoader } from './pixel-loader';

/** The consent banner and pixels, outside the routes: it follows the router's location itself. */
interface LocationSource {
  subscribe: (listener: () => void) => () => void;
  state: { location: { pathname: string } };
}

export function Analytics({ router }: { router: LocationSource }) {
  const pathname = useSyncExternalStore(
    (onChange) => router.subscribe(() => onChange()),
    () => router.state.location.pathname,
  );
  const { data } = useContent();
  const pixels = data?.pixels ?? [];
  const onAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  // The banner is shown only when there is something to consent to.
  return (
    <>
      <ConsentBanner needed={pixels.length > 0 && !onAdmin} />
      <PixelLoader pixels={pixels} pathname={pathname} />
    </>
  );
}
