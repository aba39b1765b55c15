// An endpoint is a URL the operator types, so it may be an internal service with secrets in its
// answers: what it answers is never quoted back to the browser, neither in the field message when
// the endpoint is saved nor in the watcher's last error the Payments page shows. A loopback server
// plays such a service.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSettings } from '@/contracts/payments';
import { GENESIS_HASHES } from '@/domain/utxo/chains';
import { databaseKind, signInOperator, useTestApp } from '../../../test/harness';
import { ENDPOINT_FAULTS } from '../endpoint-error';

const OPERATOR = 'presale_operator_session';
const SECRET = 'SECRET-internal-admin-token-7f3a9c';

type Mode = 'ok' | 'status' | 'text' | 'rpc-error';
let mode: Mode = 'ok';
let server: Server;
let url = '';

/** Answers as an EVM node and an Esplora API while `ok`, else with the secret in the way `mode` says. */
function answer(path: string, body: string): { status: number; type: string; text: string } {
  if (mode === 'status') return { status: 500, type: 'text/plain', text: `internal error: ${SECRET}` };
  if (mode === 'text') return { status: 200, type: 'text/plain', text: `${SECRET} admin console` };
  const request = body ? (JSON.parse(body) as { id?: number; method?: string }) : {};
  if (mode === 'rpc-error') return { status: 200, type: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: request.id ?? 1, error: { code: -32000, message: SECRET } }) };
  if (path.endsWith('/blocks/tip/height')) return { status: 200, type: 'text/plain', text: '100' };
  if (path.endsWith('/block-height/0')) return { status: 200, type: 'text/plain', text: GENESIS_HASHES.bitcoin };
  const result = request.method === 'eth_chainId' ? '0x1' : '0x64';
  return { status: 200, type: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: request.id ?? 1, result }) };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { status, type, text } = answer(req.url ?? '/', body);
      res.writeHead(status, { 'content-type': type }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe(`endpoint probes (${databaseKind})`, () => {
  const t = useTestApp();

  let operator = '';
  const admin = async (method: 'GET' | 'PUT', path: string, payload?: Record<string, unknown>) => {
    operator ||= await signInOperator(t.app, t.database);
    return t.app.inject({ method, url: path, cookies: { [OPERATOR]: operator }, ...(payload ? { payload } : {}) });
  };
  const evmChain = (rpcUrl: string) => ({ rpcUrl, confirmations: null, tolerancePercent: '0.5', autoApproveUsd: '10000' });
  const bitcoinWatcher = (esploraUrl: string) => ({ esploraUrl, confirmations: 2, largeAbove: '1', largeConfirmations: 6, tolerancePercent: '0.5', autoApproveUsd: '100000' });

  it('name a fixed category when an endpoint is saved, never what the endpoint answered', async () => {
    operator = '';
    const probes = [
      { path: '/api/admin/payments/chains/1', field: 'rpcUrl', body: evmChain },
      { path: '/api/admin/payments/utxo/bitcoin/watcher', field: 'esploraUrl', body: bitcoinWatcher },
      { path: '/api/admin/payments/lookups/bitcoin', field: 'url', body: (u: string) => ({ url: u }) },
      { path: '/api/admin/payments/lookups/tron', field: 'url', body: (u: string) => ({ url: u }) },
      { path: '/api/admin/payments/lookups/solana', field: 'url', body: (u: string) => ({ url: u }) },
    ];
    const seen: string[] = [];
    for (const m of ['status', 'text', 'rpc-error'] as const) {
      mode = m;
      for (const probe of probes) {
        const res = await admin('PUT', probe.path, probe.body(`${url}/${m}`));
        expect([probe.path, m, res.statusCode]).toEqual([probe.path, m, 400]);
        expect(res.body).not.toContain(SECRET.slice(0, 12));
        seen.push(`${m} ${probe.path}: ${res.json<{ error: { fields: Record<string, string> } }>().error.fields[probe.field] ?? ''}`);
      }
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        `status /api/admin/payments/chains/1: The endpoint did not answer: ${ENDPOINT_FAULTS.status(500)}`,
        `text /api/admin/payments/chains/1: The endpoint did not answer: ${ENDPOINT_FAULTS.notJson}`,
        `rpc-error /api/admin/payments/chains/1: The endpoint did not answer: ${ENDPOINT_FAULTS.rpc(-32000)}`,
        `text /api/admin/payments/lookups/tron: The endpoint did not answer as a TronGrid-compatible API: ${ENDPOINT_FAULTS.notJson}`,
        `status /api/admin/payments/lookups/solana: The endpoint did not answer as a Solana JSON-RPC endpoint: The endpoint answered with HTTP 500.`,
        `rpc-error /api/admin/payments/lookups/solana: The endpoint did not answer as a Solana JSON-RPC endpoint: The endpoint refused getSlot (JSON-RPC error -32000).`,
      ]),
    );
  });

  it('keep the endpoint’s answer out of the last error the Payments page shows', async () => {
    operator = '';
    mode = 'ok';
    expect((await admin('PUT', '/api/admin/payments/chains/1', evmChain(`${url}/evm`))).statusCode).toBe(200);
    expect((await admin('PUT', '/api/admin/payments/utxo/bitcoin/watcher', bitcoinWatcher(`${url}/esplora`))).statusCode).toBe(200);
    for (const m of ['status', 'text', 'rpc-error'] as const) {
      mode = m;
      // Each run is a later instant, past the back-off of the run before.
      await t.app.paymentWatch.runOnce(new Date(Date.now() + 3_600_000 * (['status', 'text', 'rpc-error'].indexOf(m) + 1)));
      const page = await admin('GET', '/api/admin/payments');
      expect(page.body).not.toContain(SECRET.slice(0, 12));
      const settings = page.json<PaymentSettings>();
      expect([m, settings.chains[0]?.lastError]).toEqual([m, expect.stringMatching(/^The endpoint/) as unknown]);
    }
  });
});
