// A password input with a show/hide toggle. `visible`/`onVisibleChange` let one toggle drive several
// inputs (registration shows or hides both passwords at once).
import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from './input';
import { cn } from '@/web/lib/utils';

export function PasswordInput({
  className,
  visible,
  onVisibleChange,
  showToggle = true,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { visible?: boolean; onVisibleChange?: (v: boolean) => void; showToggle?: boolean }) {
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const setShown = onVisibleChange ?? setOwnVisible;
  return (
    <div className="relative">
      <Input type={shown ? 'text' : 'password'} className={cn(showToggle && 'pr-10', className)} {...props} />
      {showToggle ? (
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md outline-none focus-visible:ring-[3px]"
        >
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      ) : null}
    </div>
  );
}
