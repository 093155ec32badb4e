import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

/**
 * How deep a request's JSON may nest. The deepest body the API takes, an import, nests five levels;
 * anything deeper is refused before it is parsed (docs/product.md#input-limits). JSON.parse itself copes with
 * any depth, but spends seconds of the event loop on a few megabytes of brackets, and every step after
 * it (the prototype check, the schema) walks the tree again.
 */
export const MAX_JSON_DEPTH = 16;
export const TOO_DEEP_MESSAGE = `JSON nested more than ${MAX_JSON_DEPTH} levels deep is not accepted`;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True as soon as the text opens more than `limit` objects or arrays at once, counting brackets
 * outside strings only. One pass that stops at the first level too deep, so a refused body costs no
 * more than reading up to it; a malformed one is left for the parser to name.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth++;
      if (depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning refusals), behind the depth check. Bodies
 * still obey the app's and each route's `bodyLimit`, which Fastify applies while reading them.
 */
export function parseJsonWithDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Always a string here (`parseAs: 'string'`); the type also admits a Buffer.
    const text = body.toString();
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, TOO_DEEP_MESSAGE), undefined);
      return;
    }
    // Fastify's parser answers through `done` and returns nothing; its type also allows a promise.
    void parseJson(request, text, done);
  });
}
