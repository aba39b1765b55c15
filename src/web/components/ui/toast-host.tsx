import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastRequests, toastRequested } from '@/web/lib/toast';

const Toaster = lazy(() => import('./sonner').then((m) => ({ default: m.Toaster })));

/** Mounts the Toaster once the first toast is asked for (see lib/toast). */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToastRequests, toastRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
