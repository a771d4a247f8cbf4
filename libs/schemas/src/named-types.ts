/**
 * Finds the named types (record, enum, fixed) a raw Avro schema defines, with their full names, so the
 * loader can tell which file defines a name before parsing anything.
 */
type Json = unknown;

const NAMED = new Set(['record', 'error', 'enum', 'fixed']);

export function fullName(name: string, namespace: string | undefined): string {
  return name.includes('.') || !namespace ? name : `${namespace}.${name}`;
}

function namespaceOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : name.slice(0, dot);
}

export function namedTypesIn(schema: Json, namespace?: string): string[] {
  const out: string[] = [];
  walk(schema, namespace, out);
  return out;
}

function walk(schema: Json, namespace: string | undefined, out: string[]): void {
  if (Array.isArray(schema)) {
    for (const branch of schema) walk(branch, namespace, out);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Record<string, Json>;
  const type = node['type'];
  let ns = namespace;
  if (typeof type === 'string' && NAMED.has(type) && typeof node['name'] === 'string') {
    const declared = typeof node['namespace'] === 'string' ? node['namespace'] : namespace;
    const name = fullName(node['name'], declared);
    out.push(name);
    ns = namespaceOf(name);
  }
  if (typeof type === 'object') walk(type, ns, out);
  if (Array.isArray(node['fields'])) {
    for (const field of node['fields'] as Json[]) {
      if (field && typeof field === 'object') walk((field as Record<string, Json>)['type'], ns, out);
    }
  }
  if (node['items'] !== undefined) walk(node['items'], ns, out);
  if (node['values'] !== undefined) walk(node['values'], ns, out);
}
