// A local HTTP server answering in CoinGecko's /simple/price format, whose behaviour each test sets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FeedBehaviour =
  | { kind: 'prices'; prices: Record<string, number> }
  | { kind: 'status'; status: number }
  | { kind: 'garbage'; body: string }
  | { kind: 'hang' };

export interface FakeFeed {
  url: string;
  behaviour: FeedBehaviour;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeFeed(): Promise<FakeFeed> {
  const feed = { behaviour: { kind: 'prices', prices: {} } as FeedBehaviour, requests: [] as string[] };
  const server: Server = createServer((req, res) => {
    feed.requests.push(req.url ?? '');
    const b = feed.behaviour;
    if (b.kind === 'hang') return; // never answers; the client's timeout must end it
    if (b.kind === 'status') {
      res.writeHead(b.status, { 'content-type': 'application/json' }).end('{"error":"rate limited"}');
      return;
    }
    if (b.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(b.body);
      return;
    }
    const ids = new URL(req.url ?? '/', 'http://x').searchParams.get('ids')?.split(',') ?? [];
    const body = Object.fromEntries(ids.filter((id) => id in b.prices).map((id) => [id, { usd: b.prices[id] }]));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(feed, {
    url: `http://127.0.0.1:${port}/api/v3`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
