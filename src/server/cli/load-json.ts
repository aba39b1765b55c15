// What the verifying commands read: a published JSON document from a file, or from its address.
import { readFile } from 'node:fs/promises';

export async function loadJson(source: string): Promise<unknown> {
  if (/^https?:\/\//i.test(source)) {
    const res = await fetch(source);
    if (!res.ok) throw new Error(`${source} answered ${res.status}.`);
    return res.json();
  }
  return JSON.parse(await readFile(source, 'utf8')) as unknown;
}
