import { clsx, type ClassValue } from 'clsx';

type MergeClasses = (classes: string) => string;

// Until a surface installs a merger, `cn` only joins: the landing page passes no conflicting
// classes (app/landing-classes.test.tsx checks it) and so does without tailwind-merge's 9 KB gzip
// (bench P3). The router app installs tailwind-merge before it renders (app/app.tsx).
let mergeClasses: MergeClasses = (classes) => classes;

/** Makes `cn` resolve conflicting Tailwind classes (the later `px-2` over `px-4`) with `merge`. */
export function setClassMerge(merge: MergeClasses): void {
  mergeClasses = merge;
}

export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
