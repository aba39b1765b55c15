// An audit entry reads in words and in the operator's own time zone, named (issue 28).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/web/lib/format';
import { AuditEntries } from './audit-entries';

describe('the audit log', () => {
  it('names the action in words and shows every instant in the local zone, named', () => {
    render(
      <AuditEntries
        entries={[
          {
            id: 1,
            operator: 'owner',
            role: 'owner',
            action: 'sale.updated',
            entity: 'sale',
            before: { endsAt: '2026-12-01T10:00:00.000Z' },
            after: { endsAt: '2026-12-15T18:30:00.000Z' },
            createdAt: '2026-11-23T12:05:00.000Z',
          },
          { id: 2, operator: 'owner', role: 'owner', action: 'order.approve', entity: 'order:AbC123', before: { status: 'pending' }, after: { status: 'approved' }, createdAt: '2026-11-23T12:06:00.000Z' },
        ]}
      />,
    );
    const log = screen.getByRole('list', { name: 'Audit log' });
    expect(within(log).getByText('Sale settings changed')).toBeInTheDocument();
    expect(within(log).getByText('Order approved')).toBeInTheDocument();
    expect(within(log).queryByText('order.approve')).not.toBeInTheDocument();
    const stamp = within(log).getByText(formatDateTime('2026-11-23T12:05:00.000Z'));
    expect(stamp).toHaveAttribute('dateTime', '2026-11-23T12:05:00.000Z');
    expect(stamp.textContent).toMatch(/(UTC|GMT)/);
    const changed = within(log).getAllByRole('list', { name: 'Changed fields' })[0];
    if (!changed) throw new Error('no changes listed');
    expect(changed).toHaveTextContent(`endsAt: ${formatDateTime('2026-12-01T10:00:00.000Z')} → ${formatDateTime('2026-12-15T18:30:00.000Z')}`);
    expect(changed).not.toHaveTextContent('2026-12-15T18:30');
  });
});
