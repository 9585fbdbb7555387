/**
 * Keeps a hand-written TypeScript type and a JSON Schema in step.
 *
 * `KeyTree<T>` is a compact description of T's keys: every key, whether it is optional or nullable,
 * and what kind of value it holds. A literal written against `KeyTree<Envelope>` fails to compile
 * when the type gains, loses or changes a key; `schemaKeyTree(schema)` derives the same description
 * from the JSON Schema at run time, and a test compares the two. `schemaEnums` lists every closed
 * value set in the schema by path, for comparison with the `as const` arrays the types come from.
 */
type Kind<V> = [V] extends [boolean] ? 'boolean' : [V] extends [number] ? 'number' : [V] extends [string] ? (string extends V ? 'string' : 'enum') : 'unknown';
type Flags<V, Optional extends boolean> = `${Optional extends true ? '?' : ''}${null extends V ? '|null' : ''}`;
type Entry<V, Optional extends boolean> = [NonNullable<V>] extends [readonly (infer E)[]]
  ? `array<${Kind<E>}>${Flags<V, Optional>}`
  : [NonNullable<V>] extends [object]
    ? readonly [`object${Flags<V, Optional>}`, KeyTree<NonNullable<V>>]
    : `${Kind<NonNullable<V>>}${Flags<V, Optional>}`;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Pick<T, K>` is how an optional key is told apart
export type KeyTree<T> = { readonly [K in keyof T]-?: Entry<T[K], {} extends Pick<T, K> ? true : false> };

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function deref(schema: Schema, root: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const target = (schema.$ref)
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Schema, key) => node[key], root);
  const { $ref: _ref, ...siblings } = schema;
  const base = deref(target, root);
  const merged: Schema = { ...base, ...siblings };
  if (base.properties && siblings.properties) {
    merged.properties = { ...base.properties };
    for (const [key, value] of Object.entries(siblings.properties as Schema)) merged.properties[key] = { ...deref(base.properties[key] ?? {}, root), ...value };
  }
  return merged;
}

/** Resolves $ref and a `anyOf: [{type: null}, X]` into X plus a nullable flag. */
function resolve(schema: Schema, root: Schema): { schema: Schema; nullable: boolean } {
  const s = deref(schema, root);
  if (Array.isArray(s.anyOf)) {
    const branches = (s.anyOf as Schema[]).map((b) => deref(b, root));
    const rest = branches.filter((b) => b.type !== 'null');
    if (rest.length === 1 && branches.length === 2) return { schema: resolve(rest[0] as Schema, root).schema, nullable: true };
  }
  return { schema: s, nullable: false };
}

function kind(schema: Schema, root: Schema): string {
  const s = deref(schema, root);
  if (Array.isArray(s.enum) || typeof s.const === 'string') return 'enum';
  if (typeof s.const === 'boolean' || s.type === 'boolean') return 'boolean';
  if (s.type === 'number' || s.type === 'integer') return 'number';
  if (s.type === 'string') return 'string';
  return 'unknown';
}

function entry(schema: Schema, optional: boolean, root: Schema): unknown {
  const { schema: s, nullable } = resolve(schema, root);
  const flags = `${optional ? '?' : ''}${nullable ? '|null' : ''}`;
  if (s.type === 'array') return `array<${kind(s.items, root)}>${flags}`;
  if (s.type === 'object' || s.properties) return [`object${flags}`, schemaKeyTree(s, root)];
  return `${kind(s, root)}${flags}`;
}

export function schemaKeyTree(schema: Schema, root: Schema = schema): Record<string, unknown> {
  const s = deref(schema, root);
  const required = new Set<string>(s.required ?? []);
  return Object.fromEntries(Object.entries((s.properties ?? {}) as Schema).map(([key, value]) => [key, entry(value, !required.has(key), root)]));
}

/** Every closed value set (`enum`, or a string `const`) by dotted path; `[]` marks array items. */
export function schemaEnums(schema: Schema, root: Schema = schema, path = '', out: Record<string, unknown[]> = {}): Record<string, unknown[]> {
  const { schema: s } = resolve(schema, root);
  if (Array.isArray(s.enum)) out[path] = s.enum;
  else if (typeof s.const === 'string') out[path] = [s.const];
  if (s.type === 'array' && s.items) schemaEnums(s.items, root, `${path}[]`, out);
  for (const [key, value] of Object.entries((s.properties ?? {}) as Schema)) schemaEnums(value, root, path === '' ? key : `${path}.${key}`, out);
  return out;
}
