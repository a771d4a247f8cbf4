import { readFile } from 'node:fs/promises';

/** Best-known solutions: instance name (upper-cased) -> distance, from a `instance,vehicles,distance,source` CSV. */
export async function readBks(path: string): Promise<Map<string, number>> {
  const text = await readFile(path, 'utf8');
  const out = new Map<string, number>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    const [name, , distance] = line.split(',');
    if (!name || distance === undefined) continue;
    out.set(name.trim().toUpperCase(), Number(distance));
  }
  return out;
}
