import fc from 'fast-check';
import { z } from 'zod';

/*
 * fast-check arbitraries generated from the shared zod schemas, through the JSON Schema zod writes
 * (z.toJSONSchema): the fuzz test then covers whatever fields the API takes today, without a second
 * description of them that could drift.
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
};

/** Text a person might type, and the kinds of text a client must never get a 500 for. */
export const textArbitrary = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 40), unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.string({ maxLength: Math.min(max, 40), unit: 'binary' }) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '',
        '   ',
        'a\u0000b',
        '\u0007',
        'tab\there',
        'line\nbreak',
        'مرحبا',
        '🏃‍♀️'.repeat(3),
      ),
    },
    { weight: 1, arbitrary: fc.string({ minLength: max - 2, maxLength: max + 3, unit: 'grapheme-ascii' }) },
  );

function arbitraryOf(schema: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => arbitraryOf(option, ids)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -5, max: 100 }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max, min - 1, max + 1) },
        { weight: 1, arbitrary: fc.double({ noNaN: true, min: -10, max: 10 }) },
      );
    }
    case 'string':
      if (schema.format === 'uuid') return ids;
      return textArbitrary(schema.maxLength ?? 200);
    case 'array': {
      const item = arbitraryOf(schema.items ?? {}, ids);
      return fc.array(item, { minLength: 0, maxLength: Math.min(schema.maxItems ?? 8, 8) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = arbitraryOf(value, ids);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    }
    default:
      return fc.jsonValue();
  }
}

/** Bodies shaped like `schema` asks (most pass it, some are near misses at its edges). */
export function bodyArbitrary(schema: z.ZodType, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return arbitraryOf(json, ids);
}

/** A body broken in one of the ways clients and attackers break them. */
export function brokenBodyArbitrary(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    // A field replaced by any JSON value at all.
    fc.tuple(valid, fc.string({ maxLength: 12 }), fc.jsonValue()).map(([body, key, value]) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
      const keys = Object.keys(body);
      const target = keys.length > 0 ? (keys[key.length % keys.length] as string) : key;
      return { ...body, [target]: value };
    }),
    // Not an object at all.
    fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.string(), fc.integer(), fc.constant(null)),
    // Keys a client may not set.
    valid.map((body) =>
      typeof body === 'object' && body !== null
        ? { ...body, userId: '00000000-0000-4000-8000-000000000001', completionCount: 99, createdAt: 'x' }
        : body,
    ),
  );
}
