import { Can } from '@/web/features/back-office/shell/can';
import { mainCurrencyBodySchema } from '@/contracts/sale';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useAdminSale, useUpdateMainCurrency } from '@/web/api/sale';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatUsdPrice } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Main currency');
  const { data: sale } = useAdminSale();
  const update = useUpdateMainCurrency();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: mainCurrencyBodySchema,
    defaultValues: { priceUsd: '' },
    fields: ['priceUsd'],
    submit: ({ priceUsd }) => update.mutateAsync(priceUsd),
    successToast: 'Currency updated successfully!',
    errorToast: { title: 'Failed to update currency.', fallback: 'Please try again.' },
    onSuccess: (_, { form }) => form.reset({ priceUsd: '' }),
  });

  return (
    <AdminPage title="Main currency" description="The token's price in US dollars. Feed-based crypto rates are recomputed from it.">
      <Card className="max-w-lg">
        <CardHeader>
          <CardTitle>Token price</CardTitle>
          <CardDescription>
            {sale ? (
              <>
                Now: <span className="text-foreground font-semibold">{formatUsdPrice(sale.priceUsd)}</span> per {sale.tokenSymbol} (exactly {sale.priceUsd} USD)
              </>
            ) : (
              <Skeleton className="h-4 w-40" />
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField label="Token price (USD)" error={errors.priceUsd?.message}>
              <Input inputMode="decimal" placeholder="0.05" {...register('priceUsd')} />
            </FormField>
            <Can need="manage">
              <Button type="submit" disabled={update.isPending} className="justify-self-start">
                {update.isPending ? <Spinner /> : null}
                Update price
              </Button>
            </Can>
          </form>
        </CardContent>
      </Card>
    </AdminPage>
  );
}
