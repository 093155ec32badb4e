/** How a start that cannot go on ends: one line on stderr, exit code 1. */
export function fail(message: string): never {
  console.error(message.replace(/\s+/g, ' ').trim());
  process.exit(1);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
