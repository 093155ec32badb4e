import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chunkOnce } from './chunk-once';
import { useChunk } from './use-chunk';

/** A chunk whose first load fails, as one asked for offline does, and whose next load arrives. */
function failingOnce() {
  const importer = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue('the parts');
  return { importer, chunk: chunkOnce(importer) };
}

function Drawn({
  chunk,
  askAgain,
  onFailure,
}: {
  chunk: ReturnType<typeof failingOnce>['chunk'];
  askAgain?: unknown;
  onFailure: (error: unknown) => void;
}) {
  const module = useChunk(chunk, true, onFailure, askAgain);
  return <p>{module ?? 'nothing yet'}</p>;
}

describe('a chunk drawn when it arrives (lib/use-chunk.ts)', () => {
  it('after a failed load, asks again when askAgain changes, and draws what arrives', async () => {
    const { importer, chunk } = failingOnce();
    const onFailure = vi.fn();
    const { rerender } = render(<Drawn chunk={chunk} askAgain={1} onFailure={onFailure} />);
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(screen.getByText('nothing yet')).toBeInTheDocument();
    rerender(<Drawn chunk={chunk} askAgain={2} onFailure={onFailure} />);
    expect(await screen.findByText('the parts')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('does not ask again by itself: a drawing with the same askAgain leaves the failure as it is', async () => {
    const { importer, chunk } = failingOnce();
    const onFailure = vi.fn();
    const { rerender } = render(<Drawn chunk={chunk} askAgain={1} onFailure={onFailure} />);
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    rerender(<Drawn chunk={chunk} askAgain={1} onFailure={onFailure} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(screen.getByText('nothing yet')).toBeInTheDocument();
  });
});
