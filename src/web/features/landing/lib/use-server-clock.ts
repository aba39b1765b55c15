import { useEffect, useState } from 'react';

/**
 * The current time by the server's clock, ticking every second. `serverTime` was the server's
 * clock when the response was made and `receivedAt` the browser's when it arrived, so a
 * visitor whose clock is wrong still sees the countdown to the real instant.
 */
export function useServerNow(serverTime: string | undefined, receivedAt: number): number {
  const offset = serverTime ? Date.parse(serverTime) - receivedAt : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now + offset;
}
