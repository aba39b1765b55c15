import { lazy, Suspense } from 'react';
import { useContent } from '@/web/api/first-screen';
import { isAdminPath, isTokenPath } from '@/web/lib/paths';

// Most sales configure no pixel: the banner and the loader are fetched only when there is one.
const PixelsWithConsent = lazy(() => import('./pixels-with-consent'));

/** The consent banner and pixels of the page at `pathname`; the back-office and pages opened with a secret have neither. */
export function Analytics({ pathname }: { pathname: string }) {
  const { data } = useContent();
  const pixels = data?.pixels ?? [];
  if (pixels.length === 0 || isAdminPath(pathname) || isTokenPath(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PixelsWithConsent pixels={pixels} pathname={pathname} />
    </Suspense>
  );
}
