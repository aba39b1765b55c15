// Shows its children only to operators whose role may do this (contracts/permissions.ts): what a
// role cannot do is not shown. The server refuses it anyway.
import type { ReactNode } from 'react';
import type { Capability } from '@/contracts/permissions';
import { useCan } from '@/web/api/operators';

export function Can({ need, children }: { need: Capability; children: ReactNode }) {
  return useCan()(need) ? children : null;
}
