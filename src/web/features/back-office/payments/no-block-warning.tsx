// Said under a chain's watcher when its endpoint's newest block has stayed the same for longer than the
// chain's blocks ever take (the server judges it per chain): the endpoint, not the chain, has stopped.
import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { formatDateTime } from '@/web/lib/format';

export function NoBlockWarning({ since }: { since: string }) {
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlert aria-hidden />
      <AlertDescription className="text-foreground">
        No new block since {formatDateTime(since)}: the endpoint may have stopped following the chain, and new payments are not being seen. Check it, or give another endpoint.
      </AlertDescription>
    </Alert>
  );
}
