// Who made a change: set by the operator guard (plugins/access.ts) and recorded by the audit log, so
// it lives below both plugins and modules.
export interface Actor {
  id: number;
  login: string;
}
