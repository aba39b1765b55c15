// The ceiling for P1: a bare Fastify server answering a small JSON body, same Node, same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('hello ready');
