import type { Content } from '@/contracts/content';
import { dec } from '@/domain/decimal';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import type { ContentDraft } from './content-draft';
import { ListEditor } from './list-editor';

function tokenomicsTotal(slices: Content['tokenomics']): string {
  try {
    return slices.reduce((sum, s) => sum.plus(s.percent || '0'), dec(0)).toFixed();
  } catch {
    return '?';
  }
}

/** The token distribution, with the running total. */
export function ContentTokenomicsSection({ draft }: { draft: ContentDraft }) {
  const { values: c, set, errorIn, at } = draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tokenomics</CardTitle>
        <CardDescription>Slices total {tokenomicsTotal(c.tokenomics)}% of at most 100%; the rest is shown as Unallocated.</CardDescription>
      </CardHeader>
      <CardContent>
        <ListEditor
          label="Slices"
          {...at('tokenomics')}
          items={c.tokenomics}
          onChange={(v) => set('tokenomics', v)}
          blank={() => ({ label: '', percent: '' })}
          itemName={(s, i) => s.label || `slice ${i + 1}`}
          renderItem={(s, update, i) => (
            <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
              <FormField label={`Slice ${i + 1} label`} error={errorIn(`tokenomics.${i}.label`)}>
                <Input name={`tokenomics.${i}.label`} value={s.label} onChange={(e) => update({ ...s, label: e.target.value })} />
              </FormField>
              <FormField label={`Slice ${i + 1} percent`} error={errorIn(`tokenomics.${i}.percent`)}>
                <Input name={`tokenomics.${i}.percent`} inputMode="decimal" value={s.percent} onChange={(e) => update({ ...s, percent: e.target.value })} />
              </FormField>
            </div>
          )}
        />
      </CardContent>
    </Card>
  );
}
