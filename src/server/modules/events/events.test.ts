import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { databaseKind, useTestApp } from '../../test/harness';

/** Opens the event stream and collects event names as they arrive. */
async function openStream(port: number, cookie?: string): Promise<{ events: string[]; next: (name: string) => Promise<void>; close: () => void }> {
  const events: string[] = [];
  const waiters: { name: string; resolve: () => void }[] = [];
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path: '/api/events', headers: cookie ? { cookie } : {} }, resolve);
    req.on('error', reject);
    req.end();
  });
  expect(response.headers['content-type']).toMatch(/text\/event-stream/);
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      if (name) {
        events.push(name);
        for (const w of waiters.filter((x) => x.name === name)) w.resolve();
      }
      end = buffer.indexOf('\n\n');
    }
  });
  const next = (name: string) =>
    new Promise<void>((resolve) => {
      if (events.includes(name)) resolve();
      else waiters.push({ name, resolve });
    });
  return { events, next, close: () => response.destroy() };
}

describe(`server-sent events (${databaseKind})`, () => {
  const t = useTestApp();

  it('tells every open page when the sale moves', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openStream(port);
    await stream.next('ready');
    t.app.events.publish({ type: 'sale' });
    await stream.next('sale');
    // Someone else's order is not announced to an anonymous page.
    t.app.events.publish({ type: 'order', userId: 1, orderId: 'abc', status: 'approved' });
    t.app.events.publish({ type: 'sale' });
    // Events are written in order, so once the second sale event is in, an order event would be too.
    await expect.poll(() => stream.events.length).toBe(3);
    expect(stream.events).toEqual(['ready', 'sale', 'sale']);
    stream.close();
  });
});
