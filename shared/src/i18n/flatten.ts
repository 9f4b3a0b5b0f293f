/** A nested catalogue, texts at the leaves. */
export type CatalogueTree = { [key: string]: unknown };

/** The dotted keys of a catalogue tree with their texts (`{a: {b: 'x'}}` -> `{'a.b': 'x'}`). */
export function flattenCatalogue(tree: CatalogueTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (value && typeof value === 'object')
      Object.assign(out, flattenCatalogue(value as CatalogueTree, path));
  }
  return out;
}

/** The nested tree of flat dotted keys, as i18next's addResourceBundle takes it. */
export function unflattenCatalogue(flat: Record<string, string>): CatalogueTree {
  const out: CatalogueTree = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (!next || typeof next !== 'object') node[part] = {};
      node = node[part] as CatalogueTree;
    }
    node[parts[parts.length - 1]!] = text;
  }
  return out;
}
