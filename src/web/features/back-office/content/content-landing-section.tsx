import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import type { ContentDraft } from './content-draft';
import { ListEditor } from './list-editor';

/** The hero and the perk cards. */
export function ContentLandingSection({ draft }: { draft: ContentDraft }) {
  const { values: c, set, errorIn, at } = draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Landing page</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField label="Hero heading" error={errorIn('heroHeading')}>
          <Input name={'heroHeading'} value={c.heroHeading} onChange={(e) => set('heroHeading', e.target.value)} />
        </FormField>
        <FormField label="Hero subheading" error={errorIn('heroSubheading')}>
          <Textarea name={'heroSubheading'} rows={2} value={c.heroSubheading} onChange={(e) => set('heroSubheading', e.target.value)} />
        </FormField>
        <ListEditor
          label="Perk cards"
          {...at('perks')}
          items={c.perks}
          onChange={(v) => set('perks', v)}
          blank={() => ({ title: '', text: '' })}
          itemName={(p, i) => p.title || `perk ${i + 1}`}
          renderItem={(p, update, i) => (
            <>
              <FormField label={`Perk ${i + 1} title`} error={errorIn(`perks.${i}.title`)}>
                <Input name={`perks.${i}.title`} value={p.title} onChange={(e) => update({ ...p, title: e.target.value })} />
              </FormField>
              <FormField label={`Perk ${i + 1} text`} error={errorIn(`perks.${i}.text`)}>
                <Textarea name={`perks.${i}.text`} rows={2} value={p.text} onChange={(e) => update({ ...p, text: e.target.value })} />
              </FormField>
            </>
          )}
        />
      </CardContent>
    </Card>
  );
}
