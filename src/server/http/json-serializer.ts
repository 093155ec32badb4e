import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/*
 * Answers are written by fast-json-stringify from the JSON Schema of the shared zod response schema,
 * instead of being re-validated through zod and then JSON.stringify-ed on every request (measured:
 * zod's encode was the largest single cost of GET /api/today after the queries). The guarantee that
 * mattered stays: only the properties the schema lists are written, so nothing unlisted leaks out.
 * Types are the compiler's business (the services return the shared types).
 */

type JsonSchema = { [key: string]: unknown };

/** `anyOf: [X, { type: 'null' }]` (zod's nullable object) as X with `nullable: true`, which fast-json-stringify writes directly. */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nonNull = anyOf.find((option) => (option as JsonSchema).type !== 'null');
    const hasNull = anyOf.some((option) => (option as JsonSchema).type === 'null');
    if (hasNull && nonNull) return { ...(simplify(nonNull) as JsonSchema), nullable: true };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, simplify(value)]));
}

/** The JSON Schema fast-json-stringify compiles for one zod response schema. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return simplify(json) as JsonSchema;
}

/**
 * A writer of one zod schema's values as JSON: only the properties the schema lists. It is compiled
 * when it first writes, not when it is made: Fastify makes one for every route's answers before the
 * server listens, and compiling them all there was 0.2-0.4 s of every start (bench/notes/footprint.md);
 * one route's first answer pays a few milliseconds instead.
 */
export function jsonWriter<T>(schema: z.ZodType<T>): (value: T) => string {
  let stringify: ((value: T) => string) | undefined;
  return (value) => {
    stringify ??= fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    return stringify(value);
  };
}

export const jsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  jsonWriter(schema);
