import secureJson from 'secure-json-parse';
import type { AccountImport } from '#shared/api/account-data';
import type { ErrorBody } from '#shared/api/common';
import { api } from '#shared/api/contract';
import { schemaNamed } from '#shared/api/named-schemas';
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP_MESSAGE } from '../../http/json-body';
import { schemaRefusal } from '../../http/schema-refusal';

/*
 * Reading an import file: the same checks whether the file is read on the event loop (a small one) or
 * in a worker thread (a large one, import-file-off-loop.ts): its nesting, its JSON (with Fastify's
 * refusal of prototype keys), then the import's schema. Pure: no Fastify, no database.
 */

/** Why a file was refused: the status and `{ message, issues? }` the API answers with. */
export type FileRefusal = { status: 400; message: string; issues?: ErrorBody['issues'] };

/** A read file, or why it was refused. */
export type FileReading<File> = { file: File } | { refusal: FileRefusal };

const MALFORMED: FileRefusal = { status: 400, message: 'Malformed JSON body' };
const schema = schemaNamed(api.account.import.body);

/** Reads an import body's text as Fastify's JSON parser and the route's schema would. */
export function readImportText(text: string): FileReading<AccountImport> {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { refusal: { status: 400, message: TOO_DEEP_MESSAGE } };
  if (text.length === 0) return { refusal: MALFORMED };
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { refusal: MALFORMED };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { file: result.data };
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { refusal: { status: 400, ...schemaRefusal(issues, 'body') } };
}

/*
 * A file's completed days cross from the worker thread as one string per item, not as arrays: copying
 * 500,000 short strings between threads costs the receiving event loop more than parsing them did
 * (about 0.1 s), one long string per item next to nothing. Every day the schema let through is
 * exactly ten characters (YYYY-MM-DD).
 */
const DAY_LENGTH = 10;

type Packed<Item> = Omit<Item, 'completedDays'> & { completedDays: string };
/** An import file with each item's completed days packed into one string. */
export type PackedImport = Omit<AccountImport, 'tasks' | 'habits'> & {
  tasks: Array<Packed<AccountImport['tasks'][number]>>;
  habits: Array<Packed<AccountImport['habits'][number]>>;
};

export function packDays(file: AccountImport): PackedImport {
  const pack = <Item extends { completedDays: string[] }>(item: Item): Packed<Item> => ({
    ...item,
    completedDays: item.completedDays.join(''),
  });
  return { ...file, tasks: file.tasks.map(pack), habits: file.habits.map(pack) };
}

/** The days of one packed item, as the schema gave them. */
export function unpackedDays(packed: string): string[] {
  const days = new Array<string>(packed.length / DAY_LENGTH);
  for (let i = 0; i < days.length; i++) days[i] = packed.slice(i * DAY_LENGTH, (i + 1) * DAY_LENGTH);
  return days;
}
