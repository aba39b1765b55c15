/** The first stop of the keyboard: past the sidebar's links to the page itself (hidden until focused). */
export function SkipToContent({ target }: { target: string }) {
  return (
    <a
      href={`#${target}`}
      className="bg-background text-foreground focus-visible:ring-ring/50 sr-only z-50 rounded-md border px-3 py-2 text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-[3px] print:hidden"
      onClick={(event) => {
        // Move focus, not the URL: a #hash would be a navigation for the router.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
