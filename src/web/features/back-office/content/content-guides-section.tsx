import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import type { ContentDraft } from './content-draft';
import { ListEditor } from './list-editor';

/** Buyers' documents, How to Buy guides and the exchange video. */
export function ContentGuidesSection({ draft }: { draft: ContentDraft }) {
  const { values: c, set, errorIn, at } = draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Buyer guides and documents</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ListEditor
          label="Documents"
          {...at('documents')}
          items={c.documents}
          onChange={(v) => set('documents', v)}
          blank={() => ({ title: '', url: '' })}
          itemName={(d, i) => d.title || `document ${i + 1}`}
          renderItem={(d, update, i) => (
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label={`Document ${i + 1} title`} error={errorIn(`documents.${i}.title`)}>
                <Input name={`documents.${i}.title`} value={d.title} onChange={(e) => update({ ...d, title: e.target.value })} />
              </FormField>
              <FormField label={`Document ${i + 1} address`} error={errorIn(`documents.${i}.url`)}>
                <Input name={`documents.${i}.url`} type="url" value={d.url} onChange={(e) => update({ ...d, url: e.target.value })} placeholder="https://" />
              </FormField>
            </div>
          )}
        />
        <ListEditor
          label="How to Buy guides"
          {...at('howToBuy')}
          items={c.howToBuy}
          onChange={(v) => set('howToBuy', v)}
          blank={() => ({ title: '', steps: [''] })}
          itemName={(g, i) => g.title || `guide ${i + 1}`}
          renderItem={(g, update, i) => (
            <>
              <FormField label={`Guide ${i + 1} title`} error={errorIn(`howToBuy.${i}.title`)}>
                <Input name={`howToBuy.${i}.title`} value={g.title} onChange={(e) => update({ ...g, title: e.target.value })} />
              </FormField>
              <FormField label={`Guide ${i + 1} steps`} hint="One step per line." error={errorIn(`howToBuy.${i}.steps`)}>
                <Textarea name={`howToBuy.${i}.steps`} rows={5} value={g.steps.join('\n')} onChange={(e) => update({ ...g, steps: e.target.value.split('\n') })} />
              </FormField>
            </>
          )}
        />
        <FormField label="Exchange guide video address (optional)" error={errorIn('binanceVideoUrl')}>
          <Input name={'binanceVideoUrl'} type="url" value={c.binanceVideoUrl ?? ''} onChange={(e) => set('binanceVideoUrl', e.target.value.trim() === '' ? null : e.target.value)} placeholder="https://" />
        </FormField>
      </CardContent>
    </Card>
  );
}
