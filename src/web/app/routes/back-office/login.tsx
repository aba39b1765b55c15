import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { operatorLoginBodySchema } from '@/contracts/operators';
import { SecondFactorField } from '@/web/components/second-factor-field';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useOperatorLogin } from '@/web/api/operators';
import { useSale } from '@/web/api/first-screen';
import { useServerForm } from '@/web/hooks/use-server-form';
import { ApiError } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** Only back-office pages are followed after sign-in. */
function safeNext(next: string | null): string {
  return next?.startsWith('/admin') && !next.startsWith('//') ? next : paths.admin.root;
}

export function Component() {
  useDocumentTitle('Back-office login');
  const login = useOperatorLogin();
  const { data: sale } = useSale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  // Asked for once the password is right and two-factor sign-in is on.
  const [askCode, setAskCode] = useState(false);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: operatorLoginBodySchema,
    defaultValues: { login: '', password: '', code: '' },
    // A refused sign-in is one message for the whole form, shown above the button; the code has its own.
    fields: ['code'],
    submit: (body) => {
      setFailure(null);
      return login.mutateAsync({ login: body.login, password: body.password, ...(askCode && body.code ? { code: body.code } : {}) });
    },
    onSuccess: () => void navigate(safeNext(params.get('next')), { replace: true }),
    onError: (error, shownAtFields) => {
      if (shownAtFields) setAskCode(true);
      else setFailure(error instanceof ApiError ? error.message : 'Login failed');
    },
  });

  return (
    <main className="bg-muted/40 flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <img src="/favicon.svg" alt="" className="size-5" width={20} height={20} />
            {sale ? `${sale.token.name} back-office` : 'Back-office'}
          </p>
          <h1 className="text-xl leading-none font-semibold">Login</h1>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField label="Login" error={errors.login?.message}>
              <Input autoComplete="username" {...register('login')} />
            </FormField>
            <FormField label="Password" error={errors.password?.message}>
              <PasswordInput autoComplete="current-password" {...register('password')} />
            </FormField>
            {askCode ? <SecondFactorField label="Authentication code" error={errors.code?.message} {...register('code')} /> : null}
            {failure ? (
              <Alert variant="destructive">
                <AlertDescription>{failure}</AlertDescription>
              </Alert>
            ) : null}
            <Button type="submit" disabled={login.isPending}>
              {login.isPending ? <Spinner /> : null}
              Login
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
