import { SUPPORT_CONTACT_PLACEHOLDER } from '@/contracts/content';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import type { ContentDraft } from './content-draft';

/** The support contact shown to visitors and buyers. */
export function ContentSupportSection({ draft }: { draft: ContentDraft }) {
  const { values: c, set, errorIn } = draft;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Support</CardTitle>
        <CardDescription>
          Shown in the landing page footer, on buyers&apos; order pages and, through {SUPPORT_CONTACT_PLACEHOLDER} in a FAQ answer, in the FAQ. Leave it empty to show none.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormField label="Support contact (optional)" error={errorIn('supportContact')} hint="An e-mail address, a Telegram handle such as @project_support, or a full https:// address.">
          <Input name="supportContact" value={c.supportContact} onChange={(e) => set('supportContact', e.target.value)} spellCheck={false} autoComplete="off" />
        </FormField>
      </CardContent>
    </Card>
  );
}
