import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/textarea';
import type { ContentDraft } from './content-draft';

/** The privacy policy and terms, in Markdown. */
export function ContentLegalSection({ draft }: { draft: ContentDraft }) {
  const { values: c, set, errorIn } = draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Legal texts</CardTitle>
        <CardDescription>Markdown: headings (#), lists (-), **bold**, *italic* and [links](https://…). HTML is shown as text.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField label="Privacy policy" error={errorIn('privacyMarkdown')}>
          <Textarea name={'privacyMarkdown'} rows={10} value={c.privacyMarkdown} onChange={(e) => set('privacyMarkdown', e.target.value)} className="font-mono text-sm" />
        </FormField>
        <FormField label="Terms" error={errorIn('termsMarkdown')} hint="Saving changed terms publishes a new version (your password is asked again): buyers accept it before their next order, and every earlier version stays readable at /terms/v/{number}.">
          <Textarea name={'termsMarkdown'} rows={10} value={c.termsMarkdown} onChange={(e) => set('termsMarkdown', e.target.value)} className="font-mono text-sm" />
        </FormField>
      </CardContent>
    </Card>
  );
}
