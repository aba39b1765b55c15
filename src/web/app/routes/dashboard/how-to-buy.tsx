// How to Buy (PRODUCT.md §2): the operator's step-by-step guides.
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useContent } from '@/web/api/first-screen';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('How to Buy');
  const { data } = useContent();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">How to Buy</h1>
      {!data ? (
        <Skeleton className="h-48" aria-busy="true" aria-label="Loading guides" />
      ) : data.howToBuy.length === 0 ? (
        <p className="text-muted-foreground">No guides have been published yet.</p>
      ) : (
        data.howToBuy.map((guide) => (
          <Card key={guide.title}>
            <CardHeader>
              <CardTitle>{guide.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid list-decimal gap-2 pl-5">
                {guide.steps.map((step, i) => (
                  <li key={i}>{step}</li>
                ))}
              </ol>
            </CardContent>
          </Card>
        ))
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.buyToken}>Buy Token</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.withdrawalBinance}>Sending from an exchange</Link>
        </Button>
      </div>
    </div>
  );
}
