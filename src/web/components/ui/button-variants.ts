// The button's classes without the component, so that a page can style a plain <a> or <button>
// as a button without loading Radix Slot (the landing page: bench P3, decision 013).
import { cva } from 'class-variance-authority';

export const buttonVariants = cva(
  // Gap and text size belong to the sizes, not here: a caller that wants another picks a size
  // instead of overriding a base class (the landing page renders without tailwind-merge, lib/utils.ts).
  "inline-flex items-center justify-center whitespace-nowrap rounded-md font-medium transition-all disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 aria-invalid:border-destructive",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-white shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/20 dark:bg-destructive/60',
        outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:bg-input/30 dark:border-input dark:hover:bg-input/50',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 gap-2 px-4 py-2 text-sm has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 px-3 text-sm has-[>svg]:px-2.5',
        lg: 'h-10 gap-2 px-6 text-sm has-[>svg]:px-4',
        /** The landing page's call to buy: `lg` with larger text. */
        xl: 'h-10 gap-2 px-6 text-base has-[>svg]:px-4',
        icon: 'size-9 gap-2 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
