import { pixelBodySchema, type PixelBody } from '@/contracts/pixels';
import { toast } from '@/web/lib/toast';

/** Validates with the server's schema; problems are shown as toasts, as the form's contract says. */
export function validPixel(body: PixelBody): boolean {
  const parsed = pixelBodySchema.safeParse(body);
  if (parsed.success) return true;
  toast.error(parsed.error.issues[0]?.message ?? 'Check the fields.');
  return false;
}
