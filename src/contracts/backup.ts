// GET /api/admin/backup: a consistent snapshot of the embedded database while the server runs (README, Backups).
import type { EndpointMap } from './endpoint';

export const backupEndpoints = {
  'GET /api/admin/backup': { produces: 'application/gzip' },
} satisfies EndpointMap;
