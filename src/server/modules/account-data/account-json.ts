import type { AccountExport } from '#shared/api/account-data';

/*
 * The JSON export in pieces (docs/product.md#your-data): a full account is megabytes of JSON, which
 * written in one go held the event loop from everyone else and the whole text in memory at once. Each
 * piece is a run of whole items, so the answer is sent as it is written, at the pace the download takes it.
 */

/**
 * About this much text per piece: written in well under a millisecond. An item may be longer (a habit
 * with years of completed days is some 50 kB), and is then a piece of its own.
 */
const PIECE_CHARS = 64 * 1024;

function* listPieces(items: readonly unknown[]): Generator<string> {
  let piece = '[';
  for (let index = 0; index < items.length; index += 1) {
    piece += `${index === 0 ? '' : ','}${JSON.stringify(items[index])}`;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}]`;
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
