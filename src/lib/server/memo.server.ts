// One memo for the catalogue's read-mostly aggregates (category list and tree, filter headers,
// similar parts): values per database and key, for a time, so a page never repeats a heavy query
// that only an import can change. Entries are promises, so concurrent callers share one load.

export type MemoOptions<V> = {
  /** How long a value stays fresh, in milliseconds. */
  ttlMs: number;
  /** Entries per database; the oldest is dropped past this. Unbounded when absent. */
  maxEntries?: number;
  /** A value this rejects is answered but not kept (an empty catalogue is about to be seeded). */
  keep?: (value: V) => boolean;
};

export type Memo<K, V> = {
  /** The fresh value for `key`, or the one `load` makes (shared with concurrent callers). */
  get(owner: object, key: K, load: () => Promise<V>, now?: number): Promise<V>;
  /** Forgets every value of one database (after an import). */
  clear(owner: object): void;
};

type Entry<V> = { at: number; value: Promise<V> };

/** `owner` is the database (a Db); held weakly, so a closed test database takes its entries with it. */
export function createMemo<K, V>(options: MemoOptions<V>): Memo<K, V> {
  const byOwner = new WeakMap<object, Map<K, Entry<V>>>();
  return {
    get(owner, key, load, now = Date.now()) {
      let entries = byOwner.get(owner);
      if (!entries) byOwner.set(owner, (entries = new Map()));
      const hit = entries.get(key);
      if (hit && now - hit.at < options.ttlMs) return hit.value;
      const value = load();
      const entry: Entry<V> = { at: now, value };
      // Re-inserted, so the map's order stays the order of loading (the oldest goes first).
      entries.delete(key);
      entries.set(key, entry);
      if (options.maxEntries !== undefined && entries.size > options.maxEntries) entries.delete(entries.keys().next().value as K);
      const map = entries;
      // Only this entry is dropped: a newer load for the same key (after clear) stays.
      const drop = () => {
        if (map.get(key) === entry) map.delete(key);
      };
      value.then((v) => {
        if (options.keep && !options.keep(v)) drop();
      }, drop);
      return value;
    },
    clear(owner) {
      byOwner.delete(owner);
    },
  };
}
