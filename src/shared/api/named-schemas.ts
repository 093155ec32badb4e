import { z } from 'zod';
import type { SchemaName, SchemaNamed } from './contract';
import * as exported from './index';

/*
 * The schemas the contract names (src/shared/api/contract.ts), for the code that validates with them:
 * the server's routes and the client tests' fake. It loads every schema, and zod with them: the client's
 * own code never imports it (docs/decisions/029-api-contract.md).
 */

const SCHEMAS: Readonly<Record<string, unknown>> = { ...exported };

export function schemaNamed<N extends SchemaName>(name: N): SchemaNamed<N> {
  const schema = SCHEMAS[name];
  if (!(schema instanceof z.ZodType)) throw new Error(`${name} is not a schema of src/shared/api`);
  return schema as SchemaNamed<N>;
}

/** Whether the contract's `output` names a JSON schema (not nothing, a redirect, a file or a stream). */
export function isSchemaName(name: string | null | undefined): name is SchemaName {
  return typeof name === 'string' && SCHEMAS[name] instanceof z.ZodType;
}
