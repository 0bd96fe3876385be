import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * How responses become JSON (issue 26, docs/decisions.md "Issue 26 — reads close to the reference").
 *
 * Each route's zod response schema is turned once into a JSON Schema and compiled by fast-json-stringify, which
 * writes only the schema's properties, in its order — what zod's parse (which strips unknown keys) followed by
 * `JSON.stringify` wrote, without validating every object of every answer on the way out. Schemas whose output
 * zod computes (transforms, pipes, unions other than "or null", lazy or custom types, objects keeping unknown
 * keys) keep zod's serializer: there the two could differ.
 *
 * `check` (tests: `buildTestApp` turns it on) validates every answer with zod as before AND serializes it with
 * the fast path, and fails the request when the two texts differ: the whole test suite proves the production
 * serializer answers what the validated one did.
 */
export function responseSerializerCompiler(opts: {
  check: boolean;
  fast: boolean;
}): FastifySerializerCompiler<ZodType | { properties: ZodType }> {
  return (route) => {
    const validated = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const fast = opts.fast ? fastSerializer(route.schema) : null;
    if (!fast) return validated;
    if (!opts.check) return fast;
    return (data) => {
      const expected = validated(data);
      const actual = fast(data);
      if (actual !== expected) {
        throw new Error(
          `The fast serializer of ${route.method} ${route.url} (${route.httpStatus}) differs from zod's:\n${actual}\n${expected}`,
        );
      }
      return actual;
    };
  };
}

/** Zod types whose output is their input (after stripping unknown keys): JSON Schema describes them exactly. */
const PLAIN = new Set([
  'object',
  'array',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'enum',
  'literal',
  'nullable',
  'optional',
  'readonly',
  'default',
  'record',
  'unknown',
  'any',
  'union',
]);

function isPlain(schema: ZodType, seen = new Set<ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definition differs per type.
  const def = (schema as any)._zod.def;
  if (!PLAIN.has(def.type)) return false;
  switch (def.type) {
    case 'object':
      if (def.catchall && def.catchall._zod.def.type !== 'never') return false;
      return Object.values(def.shape as Record<string, ZodType>).every((s) => isPlain(s, seen));
    case 'array':
      return isPlain(def.element, seen);
    case 'nullable':
    case 'optional':
    case 'readonly':
    case 'default':
      return isPlain(def.innerType, seen);
    case 'record':
      return isPlain(def.keyType, seen) && isPlain(def.valueType, seen);
    case 'union':
      // Only a discriminated union: its branch is chosen by a literal that the JSON Schema keeps as `const`,
      // exactly as zod chooses it. A plain union's branch depends on validations the fast path drops.
      return !!def.discriminator && (def.options as ZodType[]).every((option) => isPlain(option, seen));
    default:
      return true;
  }
}

/**
 * Validation-only keywords: fast-json-stringify does not validate, and without them it needs no Ajv. `required`
 * too: with it, fast-json-stringify writes the required properties first and the optional ones after, where
 * zod keeps the schema's order (an item's `exemption` after its optional `minQuantity`); a required property
 * missing is zod's error, which tests still raise (`check`).
 */
const DROPPED = new Set([
  '$schema',
  'required',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
  'description',
]);

type Json = Record<string, unknown>;

/**
 * The JSON Schema without validation keywords, "X or null" written as a type list; null when something is left
 * that fast-json-stringify would resolve differently (allOf, $ref, not, if). The branches of a discriminated
 * union stay an anyOf, chosen by their `const` discriminator; `additionalProperties: false` goes, since
 * fast-json-stringify writes only the listed properties anyway and must not refuse a branch for an unknown
 * key that zod would strip.
 */
function simplify(schema: Json): Json | null {
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (['allOf', '$ref', 'not', 'if', '$defs', 'definitions'].includes(key)) return null;
    if (key === 'anyOf' || key === 'oneOf') {
      const branches = (value as Json[]).map(simplify);
      if (branches.some((b) => !b)) return null;
      const nonNull = branches.filter((b) => b?.type !== 'null') as Json[];
      const inner = nonNull.length === 1 ? nonNull[0] : undefined;
      if (inner && branches.length === 2 && typeof inner.type === 'string') {
        Object.assign(out, inner, { type: [inner.type, 'null'] });
      } else if (inner && branches.length === 2 && Object.keys(inner).length === 0) {
        // "anything or null" is anything.
      } else {
        // Nested alternatives (a discriminated union that may be null) flattened into one list.
        out.anyOf = branches.flatMap((b) => (b && Array.isArray(b.anyOf) ? (b.anyOf as Json[]) : [b]));
      }
      continue;
    }
    if (key === 'properties') {
      const properties: Json = {};
      for (const [name, child] of Object.entries(value as Record<string, Json>)) {
        const simple = simplify(child);
        if (!simple) return null;
        properties[name] = simple;
      }
      out.properties = properties;
      continue;
    }
    if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object' && value) {
      const simple = simplify(value as Json);
      if (!simple) return null;
      out[key] = simple;
      continue;
    }
    out[key] = value;
  }
  return out;
}

function fastSerializer(maybeSchema: unknown): ((data: unknown) => string) | null {
  const schema =
    maybeSchema && typeof maybeSchema === 'object' && 'properties' in maybeSchema
      ? (maybeSchema as { properties: unknown }).properties
      : maybeSchema;
  if (!(schema instanceof z.ZodType) || !isPlain(schema)) return null;
  try {
    const json = simplify(
      z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Json,
    );
    return json ? fastJson(json as unknown as Parameters<typeof fastJson>[0]) : null;
  } catch {
    return null;
  }
}
