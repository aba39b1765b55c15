import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogger, requestLoggerFactory } from './request-logger';

async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({ logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } }, childLoggerFactory: requestLoggerFactory });
  app.get('/logs', async (request) => {
    request.log.info({ step: 'info' }, 'an info line');
    request.log.warn({ step: 'warn' }, 'a warning');
    request.log.child({ operator: 'ada' }).error('an error of a child');
    return { lazy: request.log instanceof RequestLogger };
  });
  await app.ready();
  return { app, lines };
}

describe('request loggers made on first use', () => {
  it('hold no pino child, and write the lines pino’s child would, with the request id', async () => {
    const { app, lines } = await appLoggingAt('warn');
    try {
      const res = await app.inject({ method: 'GET', url: '/logs' });
      expect(res.json()).toEqual({ lazy: true });
      const ours = lines.filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed');
      expect(ours.map((l) => l.msg)).toEqual(['a warning', 'an error of a child']);
      expect(ours[0]).toMatchObject({ level: 40, step: 'warn', reqId: 'req-1' });
      expect(ours[1]).toMatchObject({ level: 50, operator: 'ada', reqId: 'req-1' });
    } finally {
      await app.close();
    }
  });

  it('follow the server’s level: at info, Fastify’s own request lines and info lines are written too', async () => {
    const { app, lines } = await appLoggingAt('info');
    try {
      await app.inject({ method: 'GET', url: '/logs' });
      expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'an info line', 'a warning', 'an error of a child', 'request completed']);
      expect(lines.every((l) => l.reqId === 'req-1')).toBe(true);
      expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/logs' } });
    } finally {
      await app.close();
    }
  });
});
