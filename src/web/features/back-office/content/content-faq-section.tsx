import { PAYMENT_METHODS_PLACEHOLDER } from '@/contracts/content';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import type { ContentDraft } from './content-draft';
import { ListEditor } from './list-editor';

/** The questions of the landing page, in order. */
export function ContentFaqSection({ draft }: { draft: ContentDraft }) {
  const { values: c, set, errorIn, at } = draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle>FAQ</CardTitle>
        <CardDescription>
          Shown in this order; the first is open. In an answer, {PAYMENT_METHODS_PLACEHOLDER} becomes the list of currencies on offer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ListEditor
          label="Questions"
          {...at('faq')}
          items={c.faq}
          onChange={(v) => set('faq', v)}
          blank={() => ({ question: '', answer: '' })}
          itemName={(f, i) => f.question || `question ${i + 1}`}
          renderItem={(f, update, i) => (
            <>
              <FormField label={`Question ${i + 1}`} error={errorIn(`faq.${i}.question`)}>
                <Input name={`faq.${i}.question`} value={f.question} onChange={(e) => update({ ...f, question: e.target.value })} />
              </FormField>
              <FormField label={`Answer ${i + 1}`} error={errorIn(`faq.${i}.answer`)}>
                <Textarea name={`faq.${i}.answer`} rows={3} value={f.answer} onChange={(e) => update({ ...f, answer: e.target.value })} />
              </FormField>
            </>
          )}
        />
      </CardContent>
    </Card>
  );
}
