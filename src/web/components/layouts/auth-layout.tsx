// Sign-in and registration frame: the form with a way back to the landing page, and on screens
// wider than 991px an illustration beside it (PRODUCT.md §2).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSale } from '@/web/api/first-screen';
import { paths } from '@/web/lib/paths';

export function AuthLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const { data: sale } = useSale();
  return (
    <div className="bg-background flex min-h-svh">
      <div className="flex w-full flex-col px-4 py-6 sm:px-8 min-[992px]:w-1/2">
        <Link to={paths.home} className="flex w-fit items-center gap-2 rounded-md font-semibold">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span>{sale?.token.name ?? 'Presale'}</span>
          <span className="sr-only">: back to the home page</span>
        </Link>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">
            <div className="mb-6 space-y-1.5">
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
            </div>
            {children}
          </div>
        </main>
      </div>
      <div className="bg-muted relative hidden w-1/2 overflow-hidden min-[992px]:block" aria-hidden="true">
        <img src="/auth-illustration.svg" alt="" className="absolute inset-0 size-full object-cover" />
      </div>
    </div>
  );
}
