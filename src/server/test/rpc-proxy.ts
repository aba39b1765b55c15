// A loopback JSON-RPC proxy in front of a local chain: it counts the calls a client makes (per method,
// for the benchmark's "calls per block") and injects the faults public endpoints produce — 429, a
// dropped connection, a request that never answers, and a refused log range — on the calls a test picks.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'too-many-requests' | 'reset' | 'hang' | 'range-refused';

interface RpcCall {
  id: unknown;
  method: string;
}

export interface RpcProxy {
  url: string;
  /** Calls forwarded or refused so far, per JSON-RPC method (a batch counts each call in it). */
  calls: Map<string, number>;
  /** HTTP requests received (a JSON-RPC batch is one). */
  requests(): number;
  /** The next `count` requests whose calls include `method` (or any, with '*') meet `fault`. */
  inject(fault: Fault, count?: number, method?: string): void;
  /** Drops the faults not met yet. */
  clearFaults(): void;
  close(): Promise<void>;
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const calls = new Map<string, number>();
  const faults: { fault: Fault; method: string; left: number }[] = [];
  const hanging = new Set<ServerResponse>();
  let requests = 0;
  const upstream = new URL(target);

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const body = Buffer.concat(chunks);
      const parsed = parseCalls(body);
      for (const call of parsed) calls.set(call.method, (calls.get(call.method) ?? 0) + 1);
      const due = faults.find((f) => f.left > 0 && (f.method === '*' || parsed.some((c) => c.method === f.method)));
      if (due) {
        due.left--;
        return applyFault(due.fault, res, parsed, hanging);
      }
      const forward = httpRequest(
        { hostname: upstream.hostname, port: upstream.port, path: upstream.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, { 'content-type': 'application/json' });
          up.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    requests: () => requests,
    inject: (fault, count = 1, method = '*') => faults.push({ fault, method, left: count }),
    clearFaults: () => {
      faults.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseCalls(body: Buffer): RpcCall[] {
  try {
    const json = JSON.parse(body.toString()) as unknown;
    const list = Array.isArray(json) ? json : [json];
    return list.filter((c): c is RpcCall => typeof c === 'object' && c !== null && typeof (c as RpcCall).method === 'string');
  } catch {
    return [];
  }
}

function applyFault(fault: Fault, res: ServerResponse, parsed: RpcCall[], hanging: Set<ServerResponse>): void {
  switch (fault) {
    case 'too-many-requests':
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: parsed[0]?.id ?? null, error: { code: -32005, message: 'rate limit exceeded' } }));
      return;
    case 'reset':
      res.socket?.destroy();
      return;
    case 'hang':
      hanging.add(res);
      return;
    case 'range-refused': {
      // As public endpoints answer a log query over too many blocks: a JSON-RPC error, HTTP 200.
      const error = (id: unknown) => ({ jsonrpc: '2.0', id, error: { code: -32005, message: 'query exceeds max block range 10' } });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(parsed.length === 1 ? error(parsed[0]?.id) : parsed.map((c) => error(c.id))));
      return;
    }
  }
}
