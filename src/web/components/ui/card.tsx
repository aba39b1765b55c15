import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

// Spacing and shadow are variants rather than classes for callers to override: the landing page
// renders without tailwind-merge (lib/utils.ts), where `gap-6 … gap-5` would leave both in force.
const cardVariants = cva('bg-card text-card-foreground flex flex-col rounded-xl border', {
  variants: {
    spacing: {
      default: 'gap-6 py-6',
      md: 'gap-5 py-6',
      sm: 'gap-4 py-6',
      /** A small tile: its content sits close together. */
      xs: 'gap-2 py-5',
    },
    elevation: { default: 'shadow-sm', raised: 'shadow-lg' },
  },
  defaultVariants: { spacing: 'default', elevation: 'default' },
});

export function Card({ className, spacing, elevation, ...props }: ComponentProps<'div'> & VariantProps<typeof cardVariants>) {
  return <div data-slot="card" className={cn(cardVariants({ spacing, elevation }), className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('grid auto-rows-min items-start gap-1.5 px-6', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 data-slot="card-title" className={cn('leading-none font-semibold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-muted-foreground text-sm', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center px-6', className)} {...props} />;
}
