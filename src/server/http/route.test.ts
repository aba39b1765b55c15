// Each endpoint is declared once, in src/contracts (decision 014): the server serves exactly the
// endpoints the contracts declare, so a route added beside them, or a declaration left unserved, fails.
import { describe, expect, it } from 'vitest';
import { endpoints } from '@/contracts/api';
import { useTestApp } from '../test/harness';

describe('routes from contracts', () => {
  const t = useTestApp();

  it('serves every declared endpoint, and under /api nothing else', () => {
    const served = t.app.routeTable.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    expect(served.toSorted()).toEqual(Object.keys(endpoints).toSorted());
  });
});
