import { useRef, useState, type SyntheticEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { contentBodySchema, PAYMENT_METHODS_PLACEHOLDER, SUPPORT_CONTACT_PLACEHOLDER, type Content } from '@/contracts/content';
import { dec } from '@/domain/decimal';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useAdminContent, useUpdateContent } from '@/web/api/admin/content';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { ListEditor } from '@/web/features/back-office/components/list-editor';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { fieldMessages, focusFirstField } from '@/web/lib/apply-field-errors';
import { useDocumentTitle } from '@/web/lib/use-document-title';

function tokenomicsTotal(slices: Content['tokenomics']): string {
  try {
    return slices.reduce((sum, s) => sum.plus(s.percent || '0'), dec(0)).toFixed();
  } catch {
    return '?';
  }
}

function ContentForm({ initial }: { initial: Content }) {
  const [c, setC] = useState<Content>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  /** Messages by field path, such as `faq.2.answer`, from the schema or the server. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useUpdateContent();
  const set = <K extends keyof Content>(key: K, value: Content[K]) => setC((prev) => ({ ...prev, [key]: value }));
  /** The message for `path`, or for something inside it (a guide's step `howToBuy.0.steps.2`). */
  const errorIn = (path: string) => errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
  /** Props that tie a list to its path: the name the errors use, and the list's own message. */
  const at = (path: string) => ({ name: path, error: errors[path] });

  const show = (messages: Record<string, string>, extra: string[] = []) => {
    setErrors(messages);
    setProblems([...extra, ...Object.values(messages)]);
    focusFirstField(formRef.current, Object.keys(messages));
  };

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const parsed = contentBodySchema.safeParse(c);
    if (!parsed.success) {
      show(fieldMessages(parsed.error.issues));
      toast.error('Check the highlighted content.');
      return;
    }
    show({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Content saved'),
      onError: (error) => {
        if (error instanceof ApiError) show(fieldMessages(error), Object.keys(error.fields).length ? [] : [error.message]);
        toast.error(errorMessage(error, 'Failed to save the content.'));
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6">
      {problems.length > 0 ? (
        <Alert variant="destructive">
          <AlertTitle>Nothing was saved</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {[...new Set(problems)].map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
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
      <Card>
        <CardHeader>
          <CardTitle>Legal texts</CardTitle>
          <CardDescription>Markdown: headings (#), lists (-), **bold**, *italic* and [links](https://…). HTML is shown as text.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Privacy policy" error={errorIn('privacyMarkdown')}>
            <Textarea name={'privacyMarkdown'} rows={10} value={c.privacyMarkdown} onChange={(e) => set('privacyMarkdown', e.target.value)} className="font-mono text-sm" />
          </FormField>
          <FormField label="Terms" error={errorIn('termsMarkdown')}>
            <Textarea name={'termsMarkdown'} rows={10} value={c.termsMarkdown} onChange={(e) => set('termsMarkdown', e.target.value)} className="font-mono text-sm" />
          </FormField>
        </CardContent>
      </Card>
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
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save content
        </Button>
        <Button type="button" variant="outline" onClick={() => setC(initial)}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

export function Component() {
  useDocumentTitle('Content');
  const { data, isError } = useAdminContent();
  return (
    <AdminPage title="Content" description="The texts of the public pages. Until you save, honest defaults are shown.">
      {data ? (
        <ContentForm initial={data} />
      ) : isError ? (
        <p role="alert" className="text-destructive">
          The content could not be loaded.
        </p>
      ) : (
        <Skeleton className="h-96" aria-busy="true" aria-label="Loading the content" />
      )}
    </AdminPage>
  );
}
