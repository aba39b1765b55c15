// What a panel shows while its query runs: the data once it is there, a plain error if it failed, a
// skeleton of the panel's size meanwhile.
import type { ReactNode } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';

export function QueryView<T>({
  data,
  isError,
  errorText,
  loadingLabel,
  skeletonClassName,
  children,
}: {
  data: T | undefined;
  isError: boolean;
  /** Says what could not be loaded, e.g. "The sale settings could not be loaded." */
  errorText: string;
  /** Names the skeleton for screen readers, e.g. "Loading the sale settings". */
  loadingLabel: string;
  /** The skeleton's size, close to the panel's. */
  skeletonClassName: string;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return children(data);
  if (isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorText}
      </p>
    );
  }
  return <Skeleton className={skeletonClassName} aria-busy="true" aria-label={loadingLabel} />;
}
