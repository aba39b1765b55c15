// The signed-in operator's notifications (issue 14): where to send them, and which to send.
import { operatorNotificationsBodySchema, REVIEW_WAIT_MINUTES, type OperatorNotifications } from '@/contracts/mail';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useNotifications, useSaveNotifications } from '@/web/api/mail';
import { useServerForm } from '@/web/hooks/use-server-form';

const FIELDS = ['email', 'review', 'waiting'] as const;

export function NotificationsCard() {
  const { data, isError } = useNotifications();
  if (isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        Your notification settings could not be loaded.
      </p>
    );
  }
  return data ? <NotificationsForm initial={data} /> : null;
}

function NotificationsForm({ initial }: { initial: OperatorNotifications }) {
  const save = useSaveNotifications();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: operatorNotificationsBodySchema,
    defaultValues: initial,
    fields: FIELDS,
    submit: (body) => save.mutateAsync(body),
    successToast: 'Notifications saved',
    errorToast: { fallback: 'The notifications could not be saved.' },
    onSuccess: (saved, { form }) => form.reset(saved),
  });
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="notifications-title" className="contents">
        <CardHeader>
          <CardTitle id="notifications-title">Your notifications</CardTitle>
          <CardDescription>E-mails for you when payments or withdrawals wait for an operator. Each operator chooses their own.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField label="Your e-mail address" error={errors.email?.message} hint="Leave empty for no notifications.">
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <div className="grid content-start gap-3">
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 size-4" {...register('review')} />
              <span>
                <span className="font-medium">When a payment needs review</span>
                <span className="text-muted-foreground block">A buyer attached a transaction hash, a watched payment was not approved automatically, a deposit has no order, or a buyer asked to withdraw an order.</span>
              </span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 size-4" {...register('waiting')} />
              <span>
                <span className="font-medium">When one has waited over {REVIEW_WAIT_MINUTES / 60} hour</span>
                <span className="text-muted-foreground block">A reminder for each payment still without a decision.</span>
              </span>
            </label>
          </div>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save notifications
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
