import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm run dev`: the API (restarted on change) and the Vite dev server with hot reload. The browser
 * uses Vite's address, which proxies /api to the API, so that address is the public URL (the Origin
 * check and the sign-in redirect use it).
 */
const apiPort = process.env.PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const env = {
  ...process.env,
  PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`,
};

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { env, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', vitePort, '--strictPort'], {
    env,
    stdio: 'inherit',
  }),
];

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stop(code ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log(`Stride dev: open http://localhost:${vitePort} (API on port ${apiPort})`);
