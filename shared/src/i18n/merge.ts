/** A catalogue tree: nested keys, texts at the leaves. */
export type Tree = { [key: string]: unknown };

/** Merges catalogue parts key by key, so several files may fill one namespace (e.g. `users`). */
export function deepMerge(...parts: Tree[]): Tree {
  const out: Tree = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const prev = out[key];
      out[key] =
        prev && typeof prev === 'object' && value && typeof value === 'object'
          ? deepMerge(prev as Tree, value as Tree)
          : value;
    }
  }
  return out;
}
