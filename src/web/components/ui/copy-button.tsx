// Copies a value to the clipboard and confirms with a toast.
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import { Button } from './button';

const CONFIRM_MS = 1500;

export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), CONFIRM_MS);
    return () => window.clearTimeout(id);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success('Copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the text and copy it by hand.' });
    }
  };

  return (
    <Button type="button" variant="outline" size="icon" aria-label={label} title={label} className={cn('shrink-0', className)} onClick={() => void copy()}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
}
