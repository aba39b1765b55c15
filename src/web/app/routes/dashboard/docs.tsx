// Documents (PRODUCT.md §2): the operator's links, such as the whitepaper.
import { ExternalLink, FileText } from 'lucide-react';
import { Card, CardContent } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useContent } from '@/web/api/first-screen';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Documents');
  const { data } = useContent();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Documents</h1>
      {!data ? (
        <Skeleton className="h-32" aria-busy="true" aria-label="Loading documents" />
      ) : data.documents.length === 0 ? (
        <p className="text-muted-foreground">The project has not published any documents yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.documents.map((d) => (
            <li key={d.url}>
              <Card className="py-4">
                <CardContent>
                  <a href={d.url} target="_blank" rel="noopener noreferrer" className="flex items-center gap-3 font-medium underline-offset-4 hover:underline">
                    <FileText className="text-primary size-5 shrink-0" aria-hidden />
                    <span className="flex-1">{d.title}</span>
                    <ExternalLink className="text-muted-foreground size-4" aria-hidden />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
