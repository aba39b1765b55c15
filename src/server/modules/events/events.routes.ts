// GET /api/events: server-sent events. Everyone hears that the sale's figures moved; a signed-in
// buyer also hears about their own orders, and an operator about every order. Pages refetch
// what changed, so no figure travels over this stream.
import type { FastifyPluginAsync } from 'fastify';
import type { BusEvent } from '../../plugins/event-bus';

const HEARTBEAT_MS = 25_000;

export const eventRoutes: FastifyPluginAsync = async (app) => {
  // Open streams end when the server closes, so shutdown does not wait for visitors to leave.
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/events', async (request, reply) => {
    const buyerSession = app.sessions.cookieOf(request, 'buyer');
    const operatorSession = app.sessions.cookieOf(request, 'operator');
    const buyerId = buyerSession ? await app.sessions.find('buyer', buyerSession) : null;
    const operatorId = operatorSession ? await app.sessions.find('operator', operatorSession) : null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
      // Proxies such as nginx must pass events through as they come.
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    res.write('retry: 5000\n\n');
    send('ready', {});

    const unsubscribe = app.events.subscribe((e: BusEvent) => {
      if (e.type === 'sale') send('sale', {});
      if (e.type !== 'order') return;
      if (e.userId === buyerId) send('order', { id: e.orderId, status: e.status });
      if (operatorId !== null) send('admin-order', { id: e.orderId, status: e.status });
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    request.raw.on('close', close);
  });
};
