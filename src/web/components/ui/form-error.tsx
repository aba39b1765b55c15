// A form's message that belongs to no single field (a refused sign-in, a link that expired), shown
// above its submit button; and the submit button that spins while the form is being sent.
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

export function FormError({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <AlertDescription>
        {message}
        {children ? <> {children}</> : null}
      </AlertDescription>
    </Alert>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}
