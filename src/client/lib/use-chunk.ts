import { useEffect, useState } from 'react';
import type { ChunkOnce } from './chunk-once';

/**
 * A chunk's module for drawing: there at once when it has arrived; otherwise undefined, loaded while
 * `wanted`, and drawn again when it arrives whoever loaded it. `onFailure` hears a failed load (keep it
 * the same function from one drawing to the next). A failed load is asked for again when `wanted`
 * turns true again or `askAgain` changes (a new toast while the view could not be loaded offline).
 */
export function useChunk<T>(
  chunk: ChunkOnce<T>,
  wanted: boolean,
  onFailure: (error: unknown) => void,
  askAgain?: unknown,
): T | undefined {
  const [, drawAgain] = useState(0);
  const loaded = chunk.loaded();
  // biome-ignore lint/correctness/useExhaustiveDependencies: askAgain's change runs the load again.
  useEffect(() => {
    if (loaded !== undefined) return;
    let mounted = true;
    (wanted ? chunk.load() : chunk.arrival).then(
      () => {
        if (mounted) drawAgain((count) => count + 1);
      },
      (error: unknown) => {
        if (mounted) onFailure(error);
      },
    );
    return () => {
      mounted = false;
    };
  }, [chunk, loaded, wanted, onFailure, askAgain]);
  return loaded;
}
