// Where the account is signed in (issue 15): each browser with its address and last use; end any
// one, or every one but this.
import { useEndOtherSessions, useEndSession, useSessions, type SessionOwner } from '@/web/api/sessions';
import { errorMessage } from '@/web/lib/api-client';
import { formatDateTime } from '@/web/lib/format';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { Spinner } from './ui/spinner';

export function SessionsCard({ owner }: { owner: SessionOwner }) {
  const { data, isError } = useSessions(owner);
  const end = useEndSession(owner);
  const endOthers = useEndOtherSessions(owner);
  const failure = end.error ?? endOthers.error;
  const others = data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>End any session you do not recognise, then change your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isError ? (
          <p role="alert" className="text-destructive text-sm">
            The sessions could not be loaded.
          </p>
        ) : !data ? (
          <Spinner />
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Sessions">
            {data.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{s.device}</span> {s.current ? <Badge variant="outline">This browser</Badge> : null}
                  <span className="text-muted-foreground block">
                    {s.ip || 'Unknown address'} · last used {formatDateTime(s.lastSeenAt)}
                  </span>
                </span>
                {s.current ? null : (
                  <Button size="sm" variant="outline" disabled={end.isPending} onClick={() => end.mutate(s.id)} aria-label={`End the session of ${s.device}`}>
                    End
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others > 0 ? (
          <Button variant="outline" className="justify-self-start" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending ? <Spinner /> : null}
            End all other sessions
          </Button>
        ) : null}
        {failure ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(failure, 'The session could not be ended.')}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
