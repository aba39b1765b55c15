// TRON addresses the operator imports instead of an account key (issue 33): how many are left, a
// warning when few are (and when none is: TRON orders are refused), the form that appends more (pasted
// or read from a file), and setting the list aside. Every line is read in the browser first with the
// server's own rules, so a pasted recovery phrase or private key is refused before it is ever sent.
import { useState } from 'react';
import { tronAddressesBodySchema, type TronSettings } from '@/contracts/payments';
import { readAddressList } from '@/domain/tron/address-list';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useImportTronAddresses, useStopTronAddressList } from '@/web/api/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';
import { formatDateTime } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { Can } from '@/web/features/back-office/shell/can';
import { PaymentRemoveDialog } from './payment-remove-dialog';

type AddressList = NonNullable<TronSettings['addressList']>;

const listFormSchema = tronAddressesBodySchema.superRefine(({ addresses }, ctx) => {
  const read = readAddressList(addresses);
  if (!read.ok) ctx.addIssue({ code: 'custom', path: ['addresses'], message: read.message });
});

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function ListState({ list }: { list: AddressList }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        {list.active ? 'In use: each new buyer gets the next address.' : 'Not in use: importing more addresses makes the list TRON’s source again, with the addresses left.'}{' '}
        {plural(list.imported, 'address', 'addresses')} imported, {list.handedOut.toLocaleString('en-US')} handed out, <span className="font-medium">{list.left.toLocaleString('en-US')} left</span>.
      </p>
      {list.active && list.left === 0 ? (
        <Alert variant="destructive">
          <AlertTitle>No address left</AlertTitle>
          <AlertDescription>
            {list.ranOutAt ? `Since ${formatDateTime(list.ranOutAt)}, ` : ''}TRON orders from new buyers are refused until you import more addresses.
          </AlertDescription>
        </Alert>
      ) : list.active && list.fewLeft ? (
        <Alert variant="warning">
          <AlertTitle>Few addresses left</AlertTitle>
          <AlertDescription>Only {plural(list.left, 'address is', 'addresses are')} left: import more before they run out. When none is left, TRON orders from new buyers are refused.</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

export function TronAddressList({ list, keySet }: { list: TronSettings['addressList']; keySet: boolean }) {
  const importList = useImportTronAddresses();
  const stop = useStopTronAddressList();
  const [confirming, setConfirming] = useState(false);
  const { register, onSubmit, setValue, setError, clearErrors, formState } = useServerForm({
    schema: listFormSchema,
    defaultValues: { addresses: '' },
    fields: ['addresses'],
    submit: (body) => importList.mutateAsync(body),
    successToast: 'TRON addresses imported',
    errorToast: { fallback: 'Failed to import the addresses.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset({ addresses: '' }),
  });

  const stopUsing = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        clearErrors('addresses');
        toast.success('Imported addresses no longer handed out');
      },
      // A refusal (orders still await payment to its addresses) belongs beside the list, like an import's.
      onError: (error) => {
        if (!applyFieldErrors(error, ['addresses'], setError)) toast.error(errorMessage(error, 'Failed to stop using the imported addresses.'));
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <Card role="region" aria-labelledby="tron-address-list-title">
      <CardHeader>
        <CardTitle id="tron-address-list-title">Imported addresses (TRON)</CardTitle>
        <CardDescription>
          Instead of an account key, you may import TRON addresses you own, one per line: each buyer gets the next one, never given to anyone else. Importing more adds them after the
          others. Only addresses: a private key or recovery phrase is refused.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {list ? <ListState list={list} /> : <p className="text-muted-foreground text-sm">No addresses imported.</p>}
        <Can need="own">
          <form onSubmit={onSubmit} noValidate aria-label="Import TRON addresses" className="grid gap-3">
            <FormField
              label="TRON addresses, one per line"
              error={formState.errors.addresses?.message}
              hint={
                keySet
                  ? 'Importing switches TRON from the account key to these addresses (addresses already handed out stay their buyers’); it is refused while orders await payment to the key’s addresses.'
                  : 'Each line is checked (an address begins with T); a line that is not a new address refuses the whole import, with its line number.'
              }
            >
              <Textarea rows={5} spellCheck={false} autoComplete="off" autoCapitalize="off" className="font-mono text-xs" placeholder={'T…\nT…'} {...register('addresses')} />
            </FormField>
            <div className="flex flex-wrap items-center gap-3">
              <label className="text-sm">
                <span className="sr-only">Read the addresses from a file</span>
                <Input
                  type="file"
                  accept=".txt,.csv,text/plain,text/csv"
                  className="max-w-xs"
                  onChange={async (e) => {
                    const file = e.target.files?.[0];
                    if (file) setValue('addresses', await file.text(), { shouldValidate: true });
                  }}
                />
              </label>
              <Button type="submit" disabled={importList.isPending}>
                {importList.isPending ? <Spinner /> : null}
                Import addresses
              </Button>
              {list?.active ? (
                <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
                  Stop using the list
                </Button>
              ) : null}
            </div>
          </form>
        </Can>
      </CardContent>
      <PaymentRemoveDialog
        open={confirming}
        title="Stop using the imported addresses"
        description="New TRON orders then pay to the single TRON wallet address, reviewed by hand, until you save a key or import addresses again (the addresses left come back then). Refused while orders await payment to imported addresses."
        pending={stop.isPending}
        onConfirm={stopUsing}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
