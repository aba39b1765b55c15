import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { auditActionLabel } from './audit-labels';

/** The audit log's filters as the operator typed them: a kind of change and yyyy-mm-dd days. */
export interface AuditFilterValues {
  action: string;
  operator: string;
  fromDay: string;
  toDay: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { action: '', operator: '', fromDay: '', toDay: '' };

export const hasAuditFilters = ({ action, operator, fromDay, toDay }: AuditFilterValues) => action !== '' || operator !== '' || fromDay !== '' || toDay !== '';

export function AuditFilters({
  values,
  actions,
  operators,
  onChange,
}: {
  values: AuditFilterValues;
  actions: readonly string[];
  operators: readonly string[];
  onChange: (values: AuditFilterValues) => void;
}) {
  const { action, operator, fromDay, toDay } = values;
  return (
    <form role="search" aria-label="Filter the audit log" className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(10rem,1fr)_minmax(10rem,1fr)_auto_auto_auto]" onSubmit={(e) => e.preventDefault()}>
      <FormField label="Kind of change">
        <NativeSelect value={action} onChange={(e) => onChange({ ...values, action: e.target.value })}>
          <option value="">All kinds</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {auditActionLabel(a)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Operator">
        <NativeSelect value={operator} onChange={(e) => onChange({ ...values, operator: e.target.value })}>
          <option value="">Everyone</option>
          {operators.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="From">
        <Input type="date" value={fromDay} max={toDay || undefined} onChange={(e) => onChange({ ...values, fromDay: e.target.value })} />
      </FormField>
      <FormField label="To">
        <Input type="date" value={toDay} min={fromDay || undefined} onChange={(e) => onChange({ ...values, toDay: e.target.value })} />
      </FormField>
      <Button
        type="button"
        variant="outline"
        disabled={!hasAuditFilters(values)}
        onClick={() => onChange(NO_AUDIT_FILTERS)}
      >
        Clear filters
      </Button>
    </form>
  );
}
