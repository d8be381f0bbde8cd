/** Runs `load` on the first call only; later calls get the same promise (a module loaded once). */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load();
    return value;
  };
}
