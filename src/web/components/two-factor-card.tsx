// Two-factor sign-in for the signed-in account (issue 15): turn it on (scan the QR code or type the
// secret, confirm with a first code and the password, keep the recovery codes shown once), or off with the password
// and a code. Every server message appears next to its field.
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { confirmEnrolmentBodySchema, disableTwoFactorBodySchema, type Enrolment } from '@/contracts/two-factor';
import { useBeginEnrolment, useConfirmEnrolment, useTurnOffTwoFactor, useTwoFactor, type TwoFactorOwner } from '@/web/api/two-factor';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { SecondFactorField } from './second-factor-field';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { CopyButton } from './ui/copy-button';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';
import { PasswordInput } from './ui/password-input';
import { Spinner } from './ui/spinner';

function ConfirmForm({ owner, enrolment, onConfirmed }: { owner: TwoFactorOwner; enrolment: Enrolment; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmEnrolment(owner);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: confirmEnrolmentBodySchema,
    defaultValues: { code: '', password: '' },
    fields: ['code', 'password'],
    submit: (body) => confirm.mutateAsync(body),
    successToast: 'Two-factor sign-in is on',
    errorToast: { fallback: 'The code could not be checked.' },
    onSuccess: (result) => onConfirmed(result.recoveryCodes),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <img src={enrolment.qr} alt="QR code for your authenticator app" width={180} height={180} className="rounded-md border bg-white p-1" />
        <div className="grid min-w-0 gap-2 text-sm">
          <p>Scan the code with an authenticator app (such as Aegis, Google Authenticator or 1Password), or type this secret:</p>
          <p className="bg-muted rounded-md p-2 font-mono break-all" aria-label="Secret">
            {enrolment.secret}
          </p>
          <CopyButton value={enrolment.secret} label="Copy secret" />
        </div>
      </div>
      <FormField label="Code from the app" error={errors.code?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" {...register('code')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <Button type="submit" disabled={confirm.isPending} className="justify-self-start">
        {confirm.isPending ? <Spinner /> : null}
        Turn on
      </Button>
    </form>
  );
}

function TurnOffForm({ owner }: { owner: TwoFactorOwner }) {
  const turnOff = useTurnOffTwoFactor(owner);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: disableTwoFactorBodySchema,
    defaultValues: { password: '', code: '' },
    fields: ['password', 'code'],
    submit: (body) => turnOff.mutateAsync(body),
    successToast: 'Two-factor sign-in is off',
    errorToast: { fallback: 'Two-factor sign-in could not be turned off.' },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in" className="grid gap-4">
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <SecondFactorField label="Code" error={errors.code?.message} autoFocus={false} {...register('code')} />
      <Button type="submit" variant="outline" disabled={turnOff.isPending} className="justify-self-start">
        {turnOff.isPending ? <Spinner /> : null}
        Turn off
      </Button>
    </form>
  );
}

export function TwoFactorCard({ owner }: { owner: TwoFactorOwner }) {
  const { data: state, isError } = useTwoFactor(owner);
  const begin = useBeginEnrolment(owner);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>A code from an app on your phone at each sign-in, so a stolen password is not enough.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {codes ? (
          <Alert role="region" aria-label="Recovery codes">
            <ShieldCheck aria-hidden />
            <AlertTitle>Keep these recovery codes</AlertTitle>
            <AlertDescription className="grid gap-2">
              <span>Each works once in place of a code, if you lose your phone. They are shown only now.</span>
              <ol className="grid grid-cols-2 gap-1 font-mono text-sm">
                {codes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ol>
              <CopyButton value={codes.join('\n')} label="Copy recovery codes" />
            </AlertDescription>
          </Alert>
        ) : null}
        {isError ? (
          <p role="alert" className="text-destructive text-sm">
            Two-factor sign-in could not be loaded.
          </p>
        ) : !state ? (
          <Spinner />
        ) : state.enabled ? (
          <>
            <p className="text-sm">
              On. {state.recoveryCodesLeft} of 10 recovery codes left.
              {state.required ? ' The sale requires it of every operator.' : ''}
            </p>
            {state.required ? null : <TurnOffForm owner={owner} />}
          </>
        ) : enrolment ? (
          <ConfirmForm
            owner={owner}
            enrolment={enrolment}
            onConfirmed={(recovery) => {
              setEnrolment(null);
              setCodes(recovery);
            }}
          />
        ) : (
          <div className="grid gap-2">
            <p className="text-sm">{state.required ? 'Off. The sale requires it of every operator: turn it on to go on.' : 'Off.'}</p>
            <Button
              className="justify-self-start"
              disabled={begin.isPending}
              onClick={() => begin.mutate(undefined, { onSuccess: setEnrolment })}
            >
              {begin.isPending ? <Spinner /> : null}
              Turn on two-factor sign-in
            </Button>
            {begin.isError ? (
              <p role="alert" className="text-destructive text-sm">
                {errorMessage(begin.error, 'Two-factor sign-in could not be started.')}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
