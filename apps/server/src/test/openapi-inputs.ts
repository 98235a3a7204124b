import fc from 'fast-check';

/**
 * Requests built from the app's OpenAPI document (GET /s/api/docs, generated from the routes' zod
 * schemas): a valid-looking request for a route, and the places where one input can be swapped
 * for a bad value. Used by the route-input property test (http/route-inputs.test.ts).
 */

/** The parts of JSON Schema (OpenAPI 3.0 flavour) the zod schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

/** One input of a route: a path or query parameter, or a field of the JSON body ('[]' steps into an array's first item). */
export type Slot = { in: 'path' | 'query'; name: string } | { in: 'body'; path: string[] };

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function bounds(s: JsonSchema): { lo: number; hi: number } {
  let lo = s.minimum ?? 1;
  let hi = s.maximum ?? lo + 1000;
  if (s.exclusiveMinimum === true) lo += 1;
  else if (typeof s.exclusiveMinimum === 'number') lo = s.exclusiveMinimum + 1;
  if (s.exclusiveMaximum === true) hi -= 1;
  else if (typeof s.exclusiveMaximum === 'number') hi = s.exclusiveMaximum - 1;
  // unbounded below (a version, a count): start at 1, as a row would
  if (lo < -1_000_000) lo = 1;
  return { lo: Math.ceil(lo), hi: Math.floor(hi) };
}

/** Values worth using where a schema allows them: uuids of seeded rows (orders), so lookups find one. */
export interface Known {
  uuids?: string[];
}

function text(s: JsonSchema, known: Known): fc.Arbitrary<string> {
  switch (s.format) {
    case 'email':
      return fc.constantFrom('fuzz@example.com', 'a.b@example.in');
    case 'uuid':
      return known.uuids?.length
        ? fc.oneof({ arbitrary: fc.constantFrom(...known.uuids), weight: 4 }, fc.uuid({ version: 4 }))
        : fc.uuid({ version: 4 });
    case 'date-time':
      return fc.constant(new Date(Date.UTC(2026, 0, 15, 10)).toISOString());
    case 'date':
      return fc.constant('2026-01-15');
    case 'uri':
    case 'url':
      return fc.constant('https://example.com/a');
  }
  const minLength = Math.max(s.minLength ?? 1, 1);
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? minLength + 8, minLength + 8));
  if (s.pattern) {
    try {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
    } catch {
      // a pattern fast-check cannot generate from (lookarounds): plain text, which the route may refuse
    }
  }
  return fc.string({ unit: fc.constantFrom(...ALPHABET), minLength, maxLength });
}

/**
 * A value `schema` accepts, as far as JSON Schema says (a zod refinement it cannot express may
 * still refuse it). Numbers stay near their lower bound, so ids name the seeded rows; arrays have
 * at least one item where allowed, so their items' fields are reached.
 */
export function validValue(s: JsonSchema | undefined, known: Known = {}, depth = 0): fc.Arbitrary<unknown> {
  if (!s || s.$ref || depth > 6) return fc.constant(undefined);
  const value = validNonNull(s, known, depth);
  return s.nullable ? fc.oneof({ arbitrary: value, weight: 4 }, fc.constant(null)) : value;
}

function validNonNull(s: JsonSchema, known: Known, depth: number): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const members = s.anyOf ?? s.oneOf;
  if (members?.length) return fc.oneof(...members.map((m) => validValue(m, known, depth + 1)));
  if (s.allOf?.length) return validValue(s.allOf[0], known, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const { lo, hi } = bounds(s);
      return lo > hi ? fc.constant(lo) : fc.integer({ min: lo, max: Math.min(hi, lo + 2) });
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return text(s, known);
    case 'array': {
      if (!s.items || s.items.$ref) return fc.constant([]);
      const minLength = Math.max(s.minItems ?? 0, s.maxItems === 0 ? 0 : 1);
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? minLength + 1, minLength + 1));
      return fc.array(validValue(s.items, known, depth + 1), { minLength, maxLength });
    }
    case 'object':
    default: {
      const props = s.properties ?? {};
      if (!Object.keys(props).length) return type === 'object' ? fc.constant({}) : fc.constant('x');
      const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(v, known, depth + 1)]));
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
  }
}

/** Every field of a JSON body, nested ones too, and the body itself (path []). */
export function bodySlots(s: JsonSchema | undefined): string[][] {
  const out = new Map<string, string[]>();
  const walk = (node: JsonSchema | undefined, path: string[]) => {
    if (!node || node.$ref || path.length > 5) return;
    out.set(path.join('/'), path);
    for (const [k, v] of Object.entries(node.properties ?? {})) walk(v, [...path, k]);
    if (node.items) walk(node.items, [...path, '[]']);
    for (const m of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      for (const [k, v] of Object.entries(m.properties ?? {})) walk(v, [...path, k]);
      if (m.items) walk(m.items, [...path, '[]']);
    }
  };
  if (s) walk(s, []);
  return [...out.values()];
}

/** `base` with the value at `path` replaced (made where missing; '[]' means the first item). */
export function withValueAt(base: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [step, ...rest] = path as [string, ...string[]];
  if (step === '[]') {
    const list = Array.isArray(base) && base.length ? [...(base as unknown[])] : [{}];
    list[0] = withValueAt(list[0], rest, value);
    return list;
  }
  const obj = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  obj[step] = withValueAt(obj[step], rest, value);
  return obj;
}

/** A route's parameters and JSON body schema, read from its OpenAPI operation. */
export function routeInputs(op: Operation) {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const slots: Slot[] = [
    ...params.map((p) => ({ in: p.in as 'path' | 'query', name: p.name })),
    ...(json ? bodySlots(json).map((path) => ({ in: 'body' as const, path })) : []),
  ];
  return { params, json, slots };
}

/** A valid-looking request for `op`: path and query values as text, and the JSON body. */
export function validRequest(op: Operation, known: Known = {}) {
  const { params, json } = routeInputs(op);
  const values = Object.fromEntries(
    params.map((p) => {
      const arb = validValue(p.schema, known).map((v) => (v === undefined || v === null ? undefined : String(v)));
      return [`${p.in}:${p.name}`, p.in === 'path' || p.required ? arb : fc.option(arb, { nil: undefined })];
    }),
  );
  return fc.record({ values: fc.record(values), body: json ? validValue(json, known) : fc.constant(undefined) });
}

export type ValidRequest = { values: Record<string, string | string[] | undefined>; body: unknown };
