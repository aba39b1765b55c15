// Toasts (PRODUCT.md §2: one at a time, 5 s). The toast library loads with the first toast, so a
// page that never shows one never downloads it; sonner replays toasts made before its Toaster
// mounted, so nothing is lost while it loads.
import type { ExternalToast } from 'sonner';

type Sonner = (typeof import('sonner'))['toast'];

let requested = false;
const listeners = new Set<() => void>();
let library: Promise<Sonner> | null = null;

function show(call: (sonner: Sonner) => void): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  library ??= import('sonner').then((m) => m.toast);
  void library.then(call);
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show((t) => t.success(message, options)),
  error: (message: string, options?: ExternalToast) => show((t) => t.error(message, options)),
  warning: (message: string, options?: ExternalToast) => show((t) => t.warning(message, options)),
};

/** Whether a toast has been asked for yet: the Toaster is mounted from then on. */
export function toastRequested(): boolean {
  return requested;
}

export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
