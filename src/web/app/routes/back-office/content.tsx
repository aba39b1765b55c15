import { useState, type SyntheticEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { contentBodySchema, PAYMENT_METHODS_PLACEHOLDER, type Content } from '@/contracts/content';
import { dec } from '@/domain/decimal';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useAdminContent, useUpdateContent } from '@/web/features/back-office/api/content';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { ListEditor } from '@/web/features/back-office/components/list-editor';
import { ApiError, errorMessage } from '@/web/lib/api-client';
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
  const save = useUpdateContent();
  const set = <K extends keyof Content>(key: K, value: Content[K]) => setC((prev) => ({ ...prev, [key]: value }));

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const parsed = contentBodySchema.safeParse(c);
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((i) => i.message));
      toast.error('Check the highlighted content.');
      return;
    }
    setProblems([]);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Content saved'),
      onError: (error) => {
        if (error instanceof ApiError) setProblems([error.message, ...Object.values(error.fields)]);
        toast.error(errorMessage(error, 'Failed to save the content.'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
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
          <FormField label="Hero heading">
            <Input value={c.heroHeading} onChange={(e) => set('heroHeading', e.target.value)} />
          </FormField>
          <FormField label="Hero subheading">
            <Textarea rows={2} value={c.heroSubheading} onChange={(e) => set('heroSubheading', e.target.value)} />
          </FormField>
          <ListEditor
            label="Perk cards"
            items={c.perks}
            onChange={(v) => set('perks', v)}
            blank={() => ({ title: '', text: '' })}
            itemName={(p, i) => p.title || `perk ${i + 1}`}
            renderItem={(p, update, i) => (
              <>
                <FormField label={`Perk ${i + 1} title`}>
                  <Input value={p.title} onChange={(e) => update({ ...p, title: e.target.value })} />
                </FormField>
                <FormField label={`Perk ${i + 1} text`}>
                  <Textarea rows={2} value={p.text} onChange={(e) => update({ ...p, text: e.target.value })} />
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
            items={c.faq}
            onChange={(v) => set('faq', v)}
            blank={() => ({ question: '', answer: '' })}
            itemName={(f, i) => f.question || `question ${i + 1}`}
            renderItem={(f, update, i) => (
              <>
                <FormField label={`Question ${i + 1}`}>
                  <Input value={f.question} onChange={(e) => update({ ...f, question: e.target.value })} />
                </FormField>
                <FormField label={`Answer ${i + 1}`}>
                  <Textarea rows={3} value={f.answer} onChange={(e) => update({ ...f, answer: e.target.value })} />
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
            items={c.tokenomics}
            onChange={(v) => set('tokenomics', v)}
            blank={() => ({ label: '', percent: '' })}
            itemName={(s, i) => s.label || `slice ${i + 1}`}
            renderItem={(s, update, i) => (
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <FormField label={`Slice ${i + 1} label`}>
                  <Input value={s.label} onChange={(e) => update({ ...s, label: e.target.value })} />
                </FormField>
                <FormField label={`Slice ${i + 1} percent`}>
                  <Input inputMode="decimal" value={s.percent} onChange={(e) => update({ ...s, percent: e.target.value })} />
                </FormField>
              </div>
            )}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Legal texts</CardTitle>
          <CardDescription>Markdown: headings (#), lists (-), **bold**, *italic* and [links](https://…). HTML is shown as text.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Privacy policy">
            <Textarea rows={10} value={c.privacyMarkdown} onChange={(e) => set('privacyMarkdown', e.target.value)} className="font-mono text-sm" />
          </FormField>
          <FormField label="Terms">
            <Textarea rows={10} value={c.termsMarkdown} onChange={(e) => set('termsMarkdown', e.target.value)} className="font-mono text-sm" />
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
            items={c.documents}
            onChange={(v) => set('documents', v)}
            blank={() => ({ title: '', url: '' })}
            itemName={(d, i) => d.title || `document ${i + 1}`}
            renderItem={(d, update, i) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label={`Document ${i + 1} title`}>
                  <Input value={d.title} onChange={(e) => update({ ...d, title: e.target.value })} />
                </FormField>
                <FormField label={`Document ${i + 1} address`}>
                  <Input type="url" value={d.url} onChange={(e) => update({ ...d, url: e.target.value })} placeholder="https://" />
                </FormField>
              </div>
            )}
          />
          <ListEditor
            label="How to Buy guides"
            items={c.howToBuy}
            onChange={(v) => set('howToBuy', v)}
            blank={() => ({ title: '', steps: [''] })}
            itemName={(g, i) => g.title || `guide ${i + 1}`}
            renderItem={(g, update, i) => (
              <>
                <FormField label={`Guide ${i + 1} title`}>
                  <Input value={g.title} onChange={(e) => update({ ...g, title: e.target.value })} />
                </FormField>
                <FormField label={`Guide ${i + 1} steps`} hint="One step per line.">
                  <Textarea rows={5} value={g.steps.join('\n')} onChange={(e) => update({ ...g, steps: e.target.value.split('\n') })} />
                </FormField>
              </>
            )}
          />
          <FormField label="Exchange guide video address (optional)">
            <Input type="url" value={c.binanceVideoUrl ?? ''} onChange={(e) => set('binanceVideoUrl', e.target.value.trim() === '' ? null : e.target.value)} placeholder="https://" />
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
