/** A saved watch-only key as the operator's role may see it: its fingerprint, and the key itself for Owners. */
export function SavedAccountKey({ fingerprint, xpub }: { fingerprint: string; xpub: string | null }) {
  return (
    <>
      <div className="grid gap-1">
        <p className="text-muted-foreground text-sm">Key fingerprint</p>
        <p className="font-mono text-xs">{fingerprint}</p>
      </div>
      {/* The key itself reads the whole account's history: the server gives it to Owners only. */}
      {xpub === null ? null : (
        <div className="grid gap-1">
          <p className="text-muted-foreground text-sm">Saved key</p>
          <p className="font-mono text-xs break-all">{xpub}</p>
        </div>
      )}
    </>
  );
}
