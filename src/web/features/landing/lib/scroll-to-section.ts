/** Scrolls a landing section to the top of the window, smoothly unless the visitor asked for less motion. */
export function scrollToSection(target: HTMLElement): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}
