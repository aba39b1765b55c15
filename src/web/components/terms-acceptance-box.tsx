// "I accept the Terms (version N)": never ticked in advance, naming the version it accepts, with
// the server's message beside it. Registration and Buy Token (after a new version) both ask it.
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/web/lib/paths';

export function TermsAcceptanceBox({ version, checked, onChange, error }: { version: number | undefined; checked: boolean; onChange: (version: number | undefined) => void; error: string | undefined }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4"
          checked={checked}
          disabled={version === undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          onChange={(e) => onChange(e.target.checked ? version : undefined)}
        />
        <label htmlFor={id} className="text-sm leading-snug">
          I accept the{' '}
          <Link to={version === undefined ? paths.terms : paths.termsVersion(version)} target="_blank" className="underline underline-offset-4">
            Terms
          </Link>{' '}
          {version === undefined ? '(loading…)' : `(version ${String(version)})`}
        </label>
      </div>
      {error ? (
        <p id={`${id}-message`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
