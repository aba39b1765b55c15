// The Operators page (issue 15): the team with each operator's role and state; Owners add
// operators (a generated one-time password, shown once), change roles, disable, reset passwords.
// What the signed-in role cannot do is not shown; the server decides anyway.
import { useState } from 'react';
import { newOperatorBodySchema, type TeamMember } from '@/contracts/operators';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '@/contracts/permissions';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CopyButton } from '@/web/components/ui/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Spinner } from '@/web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAddOperator, useCan, useChangeTeamMember, useOperator, useResetTeamPassword, useResetTeamTwoFactor, useTeamPolicy } from '@/web/api/operators';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

/** A one-time password, shown once: the operator chooses their own at their first sign-in. */
function OneTimePasswordDialog({ shown, onClose }: { shown: { login: string; password: string } | null; onClose: () => void }) {
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>One-time password for {shown?.login}</DialogTitle>
          <DialogDescription>Give it to them in person or over a channel you trust. It is shown only now; they choose their own password when they first sign in.</DialogDescription>
        </DialogHeader>
        <p className="bg-muted rounded-md p-3 font-mono text-sm break-all" aria-label="One-time password">
          {shown?.password}
        </p>
        <DialogFooter>
          {shown ? <CopyButton value={shown.password} label="Copy password" /> : null}
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function AddOperatorForm({ onAdded }: { onAdded: (login: string, password: string) => void }) {
  const add = useAddOperator();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: newOperatorBodySchema,
    defaultValues: { login: '', name: '', email: '', role: 'approver' },
    fields: ['login', 'name', 'email', 'role'],
    submit: (body) => add.mutateAsync(body),
    successToast: (result) => `Operator ${result.operator.login} added`,
    errorToast: { fallback: 'The operator could not be added.' },
    onSuccess: (result, { form }) => {
      form.reset({ login: '', name: '', email: '', role: 'approver' });
      onAdded(result.operator.login, result.oneTimePassword);
    },
  });
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="add-operator-title" className="contents">
        <CardHeader>
          <CardTitle id="add-operator-title">Add an operator</CardTitle>
          <CardDescription>They get a one-time password, shown once, to change at their first sign-in.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField label="Login" error={errors.login?.message}>
            <Input autoComplete="off" spellCheck={false} {...register('login')} />
          </FormField>
          <FormField label="Name" error={errors.name?.message} hint="Optional">
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label="E-mail" error={errors.email?.message} hint="Optional: for their notifications.">
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label="Role" error={errors.role?.message}>
            <NativeSelect {...register('role')}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? <Spinner /> : null}
            Add operator
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function MemberActions({ member, onReset }: { member: TeamMember; onReset: (login: string, password: string) => void }) {
  const change = useChangeTeamMember();
  const reset = useResetTeamPassword();
  const resetTwoFactor = useResetTeamTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorMessage(e, 'The change could not be saved.'));
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2 whitespace-normal">
        <NativeSelect
          aria-label={`Role of ${member.login}`}
          className="w-32"
          value={member.role}
          disabled={change.isPending}
          onChange={(e) => {
            setError(null);
            change.mutate({ id: member.id, role: e.target.value as Role }, { onSuccess: (m) => toast.success(`${m.login} is now ${ROLE_LABELS[m.role]}`), onError: fail });
          }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
        <Button
          size="sm"
          variant="outline"
          disabled={change.isPending}
          onClick={() => {
            setError(null);
            change.mutate({ id: member.id, disabled: !member.disabled }, { onSuccess: (m) => toast.success(m.disabled ? `${m.login} disabled` : `${m.login} enabled`), onError: fail });
          }}
        >
          {member.disabled ? 'Enable' : 'Disable'}
        </Button>
        {member.role === 'manager' ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={member.identityAccess}
              disabled={change.isPending}
              onChange={(e) => {
                setError(null);
                change.mutate({ id: member.id, identityAccess: e.target.checked }, { onSuccess: (m) => toast.success(m.identityAccess ? `${m.login} may review identity checks` : `${m.login} may no longer review identity checks`), onError: fail });
              }}
            />
            Reviews identity checks
          </label>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={reset.isPending}
          onClick={() => {
            setError(null);
            reset.mutate(member.id, { onSuccess: (r) => onReset(r.operator.login, r.oneTimePassword), onError: fail });
          }}
        >
          Reset password
        </Button>
        {member.twoFactor ? (
          <Button
            size="sm"
            variant="outline"
            disabled={resetTwoFactor.isPending}
            onClick={() => {
              setError(null);
              resetTwoFactor.mutate(member.id, { onSuccess: (m) => toast.success(`Two-factor sign-in of ${m.login} removed: they enrol again`), onError: fail });
            }}
          >
            Reset two-factor
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The Owners' rule: every operator signs in with a second factor. */
function TeamPolicy({ requireTwoFactor }: { requireTwoFactor: boolean }) {
  const policy = useTeamPolicy();
  return (
    <div className="grid gap-1">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={requireTwoFactor}
          disabled={policy.isPending}
          onChange={(e) => policy.mutate(e.target.checked, { onSuccess: (p) => toast.success(p.requireTwoFactor ? 'Two-factor sign-in required' : 'Two-factor sign-in optional') })}
        />
        <span>
          <span className="font-medium">Require two-factor sign-in for every operator</span>
          <span className="text-muted-foreground block">Operators without it can only turn it on until they do. Turn on yours first, on the Change Pass page.</span>
        </span>
      </label>
      {policy.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(policy.error, 'The rule could not be saved.')}
        </p>
      ) : null}
    </div>
  );
}

function MemberState({ member: m }: { member: TeamMember }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {m.disabled ? <Badge variant="secondary">Disabled</Badge> : m.mustChangePassword ? <Badge variant="outline">Password to choose</Badge> : <Badge variant="outline">Active</Badge>}
      {m.twoFactor ? <Badge variant="outline">Two-factor</Badge> : null}
      {m.role === 'owner' || (m.role === 'manager' && m.identityAccess) ? <Badge variant="outline">Identity checks</Badge> : null}
    </span>
  );
}

export function Team({ members, requireTwoFactor }: { members: TeamMember[]; requireTwoFactor: boolean }) {
  const can = useCan();
  const { data: me } = useOperator();
  const [shown, setShown] = useState<{ login: string; password: string } | null>(null);
  const owner = can('own');
  return (
    <div className="grid gap-6">
      {owner ? <TeamPolicy requireTwoFactor={requireTwoFactor} /> : null}
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Operator</TableHead>
              <TableHead className="hidden md:table-cell">Role</TableHead>
              <TableHead className="hidden md:table-cell">State</TableHead>
              {owner ? <TableHead>Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="align-top">
                  <span className="font-medium break-all">{m.login}</span>
                  {m.id === me?.id ? <span className="text-muted-foreground"> (you)</span> : null}
                  {m.name ? <span className="text-muted-foreground block text-sm whitespace-normal">{m.name}</span> : null}
                  {/* On a phone the role and state sit here: the table keeps to two columns. */}
                  <span className="mt-1 block md:hidden">
                    <span title={ROLE_DESCRIPTIONS[m.role]}>{ROLE_LABELS[m.role]}</span> <MemberState member={m} />
                  </span>
                </TableCell>
                <TableCell className="hidden align-top md:table-cell" title={ROLE_DESCRIPTIONS[m.role]}>
                  {ROLE_LABELS[m.role]}
                </TableCell>
                <TableCell className="hidden align-top md:table-cell">
                  <MemberState member={m} />
                </TableCell>
                {owner ? (
                  <TableCell className="align-top">
                    <MemberActions member={m} onReset={(login, password) => setShown({ login, password })} />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {owner ? <AddOperatorForm onAdded={(login, password) => setShown({ login, password })} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Roles</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm">
            {ROLES.map((role) => (
              <div key={role}>
                <dt className="inline font-medium">{ROLE_LABELS[role]}: </dt>
                <dd className="text-muted-foreground inline">{ROLE_DESCRIPTIONS[role]}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <OneTimePasswordDialog shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}
