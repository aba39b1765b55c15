// Guide: paying from an exchange account (PRODUCT.md §2), with the operator's optional video.
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useContent } from '@/web/api/first-screen';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const STEPS = [
  'Place your order on Buy Token and keep its page open: it shows the exact amount, the address and the network.',
  'In your exchange account, open Withdraw and choose the same currency.',
  'Paste the address from the order page. Check the first and last characters.',
  'Choose the network the order page names. Another network can lose the payment.',
  'Enter the amount so that the amount received is exactly the amount shown; exchanges may deduct a fee.',
  'Confirm the withdrawal, then paste its transaction hash (TxID) on the order page.',
];

export function Component() {
  useDocumentTitle('Sending from an exchange');
  const { data } = useContent();
  const video = data?.binanceVideoUrl ?? null;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Sending from an exchange</h1>
      <Card>
        <CardHeader>
          <CardTitle>Steps</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid list-decimal gap-2 pl-5">
            {STEPS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </CardContent>
      </Card>
      {video ? (
        <p>
          <a href={video} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4">
            Watch the video guide
          </a>{' '}
          <span className="text-muted-foreground text-sm">(opens in a new tab)</span>
        </p>
      ) : null}
    </div>
  );
}
