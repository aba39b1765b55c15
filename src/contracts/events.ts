// GET /api/events: server-sent events that tell open pages what to refetch (decision 005).
import type { EndpointMap } from './endpoint';

export const eventEndpoints = {
  'GET /api/events': { produces: 'text/event-stream' },
} satisfies EndpointMap;
