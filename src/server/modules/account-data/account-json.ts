import type { AccountExport } from '#shared/api/account-data';

/*
 * The JSON export in pieces (docs/product.md#your-data): a full account is megabytes of JSON, which
 * written in one go held the event loop from everyone else and the whole text in memory at once. Each
 * piece is a run of items, so the answer is sent as it is written, at the pace the download takes it.
 */

/** Items per piece: tens of kilobytes, written in well under a millisecond (more for long histories). */
const ITEMS_PER_PIECE = 100;

function* listPieces(items: readonly unknown[]): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  for (let start = 0; start < items.length; start += ITEMS_PER_PIECE) {
    const piece = items
      .slice(start, start + ITEMS_PER_PIECE)
      .map((item) => JSON.stringify(item))
      .join(',');
    yield `${start === 0 ? '[' : ','}${piece}`;
  }
  yield ']';
}

/** The export file's text, piece by piece; joined, it is `JSON.stringify(data)`. */
export function* accountJsonPieces(data: AccountExport): Generator<string> {
  const { goals, tasks, habits, ...head } = data;
  // The head (format, version, profile, devices, settings) is small: written whole, its closing brace
  // left off so that the lists follow it.
  yield `${JSON.stringify(head).slice(0, -1)},"goals":`;
  yield* listPieces(goals);
  yield ',"tasks":';
  yield* listPieces(tasks);
  yield ',"habits":';
  yield* listPieces(habits);
  yield '}';
}
