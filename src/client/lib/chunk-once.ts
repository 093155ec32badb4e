/**
 * A chunk of the app loaded by `import()` at most once (docs/decisions/010-first-load-weight.md, "Menus,
 * dialogs and toasts loaded on demand"). `load()` starts the load or joins the one under way; `loaded()`
 * answers the module once it has arrived, for code that draws at once; `arrival` settles when it has,
 * whoever asked. A load that failed is tried again at the next `load()`.
 */
export type ChunkOnce<T> = { load: () => Promise<T>; loaded: () => T | undefined; arrival: Promise<T> };

export function chunkOnce<T>(importer: () => Promise<T>): ChunkOnce<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  let arrived: (value: T) => void = () => {};
  const arrival = new Promise<T>((resolve) => {
    arrived = resolve;
  });
  const load = () => {
    loading ??= importer().then(
      (value) => {
        module = value;
        arrived(value);
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { load, loaded: () => module, arrival };
}
