// The Sale page's date inputs hold the operator's local time; the server speaks ISO instants.

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → value of a datetime-local input in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** datetime-local value (browser's zone) → ISO instant; '' stays '' for the schema to name. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
