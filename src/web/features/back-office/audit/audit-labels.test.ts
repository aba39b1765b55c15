// The audit log reads as operators speak (issue 28): every action the server can write has a label.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@/contracts/audit-actions';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit-labels';

const SERVER = join(__dirname, '../../../../server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** The action keys (dotted literals) in every `recordAudit(…);` call of the server's code. */
function actionsWritten(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/recordAudit\(([\s\S]*?)\);/g)) {
      for (const [, key] of (call[1] ?? '').matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) if (key) found.add(key);
    }
  }
  return found;
}

describe('audit action labels', () => {
  it('label every action the server can write, each in words and each its own', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action], action).toMatch(/^[A-Z][\w-]* [a-z]/);
      expect(auditActionLabel(action)).not.toBe(action);
    }
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
  });

  it('list every action key the server code writes', () => {
    const written = actionsWritten();
    // Seen at all: the scan reads the calls.
    expect(written).toContain('order.approve');
    expect(written).toContain('wallet.change_rejected');
    for (const action of written) expect(AUDIT_ACTIONS as readonly string[], `${action} is written but not in AUDIT_ACTIONS`).toContain(action);
    // And the list names nothing the server no longer writes.
    expect([...written].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('read "Order approved" for order.approve, and show an action no version labelled as it is stored', () => {
    expect(auditActionLabel('order.approve')).toBe('Order approved');
    expect(auditActionLabel('payments.bitcoin_key')).toBe('Bitcoin account key saved');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });
});
