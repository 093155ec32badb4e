import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CLIENT_BUILD_DIR } from '../src/server/paths';

/*
 * After the client build: writes a .br (brotli quality 11) and a .gz (gzip level 9) beside every
 * text file worth compressing, once, so the server sends files instead of compressing each answer
 * (at the quality it can afford per request, brotli 4, the entry was 16% larger). The static files
 * plugin picks the variant the browser accepts (src/server/plugins/static-client.ts).
 */

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!name.startsWith('.')) yield* files(path);
    } else if (COMPRESSIBLE.test(name)) {
      yield path;
    }
  }
}

let count = 0;
for (const path of files(CLIENT_BUILD_DIR)) {
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files (brotli 11, gzip 9)`);
