import type { EventBus } from '../realtime/bus.ts';

/** How long a process trusts a row it read without reading it again. */
export const REMEMBER_MS = 1_000;
/** Entries one cache holds at most; past it the cache starts over. */
const MAX_ENTRIES = 10_000;

/**
 * Rows that nearly every request reads — who a session is, a webhook's integration, a company's
 * chat settings, the dashboard's answers — remembered for a moment (REMEMBER_MS) in this process:
 * reading them again for every request cost more than the rest of the request's work. Any change
 * made through the API forgets all of them, here at once and in the other processes through the
 * bus, before its answer leaves (`forgetEverywhere`, called by app.ts for every successful write);
 * a change made elsewhere (a job, a hand edit) is seen within the moment. A read that was under way
 * while they were forgotten is answered but not remembered.
 */
export function rememberedReads(bus: EventBus) {
  const caches = new Set<Map<unknown, unknown>>();
  let generation = 0;
  const forgetHere = () => {
    generation += 1;
    for (const cache of caches) cache.clear();
  };
  bus.subscribe((event) => {
    if (event.type === 'remembered_stale') forgetHere();
  });

  return {
    /** A cache of `load`ed values by key. */
    cache<K, V>() {
      const entries = new Map<K, { value: V; until: number }>();
      caches.add(entries as Map<unknown, unknown>);
      let forgotten = 0;
      return {
        async get(key: K, load: () => Promise<V>): Promise<V> {
          const known = entries.get(key);
          if (known && known.until > Date.now()) return known.value;
          const started = generation + forgotten;
          const value = await load();
          if (generation + forgotten === started) {
            if (entries.size >= MAX_ENTRIES) entries.clear();
            entries.set(key, { value, until: Date.now() + REMEMBER_MS });
          }
          return value;
        },
        /** Forgets the keys that `stale` picks, in this process (for changes the bus announces). */
        forget(stale: (key: K) => boolean) {
          forgotten += 1;
          for (const key of entries.keys()) if (stale(key)) entries.delete(key);
        },
      };
    },

    /** Something was written: this process forgets now, the others when the bus tells them. */
    async forgetEverywhere() {
      forgetHere();
      await bus.publish({ type: 'remembered_stale' });
    },
  };
}
export type RememberedReads = ReturnType<typeof rememberedReads>;
