/** A ReadableStream that emits `items` in order and then closes. */
export function arrayToReadableStream<T>(items: readonly T[]): ReadableStream<T> {
  let next = 0;
  return new ReadableStream<T>({
    pull(controller) {
      const item = items[next++];
      if (next > items.length) controller.close();
      else controller.enqueue(item as T);
    },
  });
}

/** Reads a stream or async iterable to its end and returns every item; rejects if it errors. */
export async function collect<T>(source: ReadableStream<T> | AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  if (source instanceof ReadableStream) {
    const reader = source.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return items;
        items.push(value);
      }
    } finally {
      reader.releaseLock();
    }
  }
  for await (const item of source) items.push(item);
  return items;
}

/**
 * Reads from `iterator` until an item satisfies `predicate` and returns it, leaving the iterator open so the
 * caller can keep reading. Rejects if the iterator ends first.
 */
export async function waitFor<T, U extends T>(
  iterator: AsyncIterator<T>,
  predicate: (item: T) => item is U,
): Promise<U>;
export async function waitFor<T>(iterator: AsyncIterator<T>, predicate: (item: T) => boolean): Promise<T>;
export async function waitFor<T>(iterator: AsyncIterator<T>, predicate: (item: T) => boolean): Promise<T> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) throw new Error("the stream ended before an item matched");
    if (predicate(next.value)) return next.value;
  }
}
