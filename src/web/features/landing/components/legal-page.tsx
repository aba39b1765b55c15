import type { ReactNode } from 'react';
import { Markdown } from '@/web/components/markdown';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useContent } from '@/web/api/first-screen';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { PublicLayout } from './public-layout';

/** Privacy policy or sale terms: the operator's text, rendered from Markdown without raw HTML. */
export function LegalPage({ title, pick }: { title: string; pick: 'privacyMarkdown' | 'termsMarkdown' }) {
  const { data, isError } = useContent();
  return <LegalArticle title={title} source={data?.[pick]} isError={isError} />;
}

/** A legal text once loaded (`source`), with what is said above it. */
export function LegalArticle({ title, source, isError, children }: { title: string; source: string | undefined; isError: boolean; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12">
        {children}
        {source !== undefined ? (
          <Markdown source={source} />
        ) : isError ? (
          <p role="alert" className="text-destructive">
            This page could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-9 w-2/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-40" />
          </div>
        )}
      </article>
    </PublicLayout>
  );
}
