// Creating a prize draw (decision 035): who takes part, the closing instant, and the chain whose
// future block will pick the winner. Once made, only the title and the prize's text can change.
import { z } from 'zod';
import { createDrawBodySchema, type CreateDrawBody } from '@/contracts/draws';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Spinner } from '@/web/components/ui/spinner';
import { useCreateDraw } from '@/web/api/draws';
import { useAdminPayments } from '@/web/api/payments';
import { Can } from '@/web/features/back-office/shell/can';
import { useServerForm } from '@/web/hooks/use-server-form';
import { fromLocalInput } from '../sale/local-time';

const FIELDS = ['title', 'prize', 'minUsd', 'from', 'to', 'usdPerEntry', 'closesAt', 'chain'] as const;
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

// The inputs hold local times; the schema and the server speak ISO instants.
const formSchema = z
  .custom<CreateDrawBody>()
  .transform((v) => ({ ...v, from: fromLocalInput(v.from), to: fromLocalInput(v.to), closesAt: fromLocalInput(v.closesAt) }))
  .pipe(createDrawBodySchema);

const EMPTY: CreateDrawBody = { title: '', prize: '', minUsd: '100', from: '', to: '', usdPerEntry: '', closesAt: '', chain: 'bitcoin' };

export function CreateDrawForm() {
  const create = useCreateDraw();
  const { data: payments } = useAdminPayments();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: formSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    submit: (body) => create.mutateAsync(body),
    successToast: 'Prize draw created',
    errorToast: { fallback: 'Failed to create the prize draw.', unlessShownAtFields: true },
    onSuccess: (_saved, { form }) => form.reset(EMPTY),
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>New prize draw</CardTitle>
          <CardDescription>
            The draw commits now to a future block of the chain you choose, far enough ahead to be mined after the closing. At the closing its entries are frozen; the block then picks the
            winner. Only the title and the prize can be changed afterwards. While buyers may withdraw purchases (Withdrawals), a purchase takes part only if its withdrawal right has
            run out by the closing and its buyer did not ask to withdraw it before then: close the draw that many days after the purchases you want to count.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="Title" error={errors.title?.message}>
            <Input {...register('title')} />
          </FormField>
          <FormField label="Prize" error={errors.prize?.message}>
            <Input {...register('prize')} />
          </FormField>
          <FormField label="Minimum purchase (USD)" error={errors.minUsd?.message} hint="Approved purchases below it do not take part.">
            <Input inputMode="decimal" {...register('minUsd')} />
          </FormField>
          <FormField label="USD per entry (optional)" error={errors.usdPerEntry?.message} hint="Empty: one entry per buyer.">
            <Input inputMode="decimal" {...register('usdPerEntry')} />
          </FormField>
          <FormField label="Purchases approved from" error={errors.from?.message} hint={ZONE}>
            <Input type="datetime-local" {...register('from')} />
          </FormField>
          <FormField label="Purchases approved until" error={errors.to?.message} hint={ZONE}>
            <Input type="datetime-local" {...register('to')} />
          </FormField>
          <FormField label="Closes at" error={errors.closesAt?.message} hint={ZONE}>
            <Input type="datetime-local" {...register('closesAt')} />
          </FormField>
          <FormField label="Block from" error={errors.chain?.message} hint="A chain with an endpoint under Payments.">
            <NativeSelect {...register('chain')}>
              <option value="bitcoin">Bitcoin</option>
              {(payments?.chains ?? []).map((c) => (
                <option key={c.chainId} value={String(c.chainId)}>
                  EVM chain {c.chainId}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Can need="manage">
            <Button type="submit" className="justify-self-start" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : null}
              Create prize draw
            </Button>
          </Can>
        </CardContent>
      </Card>
    </form>
  );
}
