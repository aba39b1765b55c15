// The operator's texts of the public pages, edited as one draft and saved together.
import { Can } from '@/web/features/back-office/shell/can';
import { useRef, useState, type SyntheticEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { contentBodySchema, type Content } from '@/contracts/content';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useUpdateContent } from '@/web/api/content';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { fieldMessages, focusFirstField } from '@/web/lib/apply-field-errors';
import type { ContentDraft } from './content-draft';
import { ContentFaqSection } from './content-faq-section';
import { ContentGuidesSection } from './content-guides-section';
import { ContentLandingSection } from './content-landing-section';
import { ContentLegalSection } from './content-legal-section';
import { ContentSupportSection } from './content-support-section';
import { ContentTokenomicsSection } from './content-tokenomics-section';

/** Every text of the public pages in one form, checked with the server's schema before it is sent. */
export function ContentForm({ initial }: { initial: Content }) {
  const [c, setC] = useState<Content>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  /** Messages by field path, such as `faq.2.answer`, from the schema or the server. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useUpdateContent();
  const draft: ContentDraft = {
    values: c,
    set: (key, value) => setC((prev) => ({ ...prev, [key]: value })),
    errorIn: (path) => errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1],
    at: (path) => ({ name: path, error: errors[path] }),
  };

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
      <ContentLandingSection draft={draft} />
      <ContentFaqSection draft={draft} />
      <ContentTokenomicsSection draft={draft} />
      <ContentSupportSection draft={draft} />
      <ContentLegalSection draft={draft} />
      <ContentGuidesSection draft={draft} />
      <div className="flex gap-2">
        <Can need="manage">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save content
          </Button>
        </Can>
        <Button type="button" variant="outline" onClick={() => setC(initial)}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

