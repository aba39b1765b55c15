// Buyer routes: the buyer session cookie must name a live buyer session. An operator session grants nothing here.
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';

export async function requireBuyer(request: FastifyRequest): Promise<void> {
  const id = request.server.sessions.cookieOf(request, 'buyer');
  const userId = id ? await request.server.sessions.find('buyer', id) : null;
  if (userId === null) throw unauthorized();
  request.buyerId = userId;
}

/** The signed-in buyer's id; only valid on routes guarded by requireBuyer. */
export function buyerIdOf(request: FastifyRequest): number {
  if (request.buyerId === undefined) throw unauthorized();
  return request.buyerId;
}
