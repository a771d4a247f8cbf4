/**
 * MongoDB's sort order (BSON comparison order) for the values documents hold:
 * null and missing < numbers < strings < objects < arrays < binary < booleans < dates.
 * Strings compare by Unicode code point, which is the byte order of their UTF-8 form (MongoDB's default,
 * no collation). Objects compare pair by pair (value type, then name, then value). Arrays compare element by element here; MongoDB sorts an array field by its smallest
 * (ascending) or largest (descending) element: sorting on array fields is outside the port's contract.
 */
export function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  switch (rankA) {
    case RANK.number:
      return compareNumbers(a as number, b as number);
    case RANK.string:
      return compareStrings(a as string, b as string);
    case RANK.boolean:
      return Number(a) - Number(b);
    case RANK.date:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case RANK.array:
      return compareArrays(a as unknown[], b as unknown[]);
    case RANK.object:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case RANK.binary:
      return Buffer.compare(a as Uint8Array, b as Uint8Array);
    default:
      return 0;
  }
}

const RANK = { null: 1, number: 2, string: 3, object: 4, array: 5, binary: 6, boolean: 8, date: 9 } as const;

function typeRank(value: unknown): number {
  if (value === null || value === undefined) return RANK.null;
  if (typeof value === 'number') return RANK.number;
  if (typeof value === 'string') return RANK.string;
  if (typeof value === 'boolean') return RANK.boolean;
  if (value instanceof Date) return RANK.date;
  if (Array.isArray(value)) return RANK.array;
  if (value instanceof Uint8Array) return RANK.binary;
  return RANK.object;
}

function compareNumbers(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number(!Number.isNaN(a)) - Number(!Number.isNaN(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Code point order from UTF-16 units: surrogates (U+D800-DFFF) must sort after U+E000-FFFF. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

function compareArrays(a: readonly unknown[], b: readonly unknown[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const entriesA = Object.entries(a);
  const entriesB = Object.entries(b);
  const length = Math.min(entriesA.length, entriesB.length);
  for (let i = 0; i < length; i++) {
    const [keyA, valueA] = entriesA[i]!;
    const [keyB, valueB] = entriesB[i]!;
    const order =
      typeRank(valueA) - typeRank(valueB) || compareStrings(keyA, keyB) || compareValues(valueA, valueB);
    if (order !== 0) return order;
  }
  return entriesA.length - entriesB.length;
}
