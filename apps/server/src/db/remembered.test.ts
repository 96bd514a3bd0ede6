import { describe, expect, it } from 'vitest';
import { type BusEvent, inProcessBus } from '../realtime/bus.ts';
import { REMEMBER_MS, rememberedReads } from './remembered.ts';

/** A load that answers the value it holds when called, and counts its calls. */
function source(start: number) {
  const state = { value: start, calls: 0 };
  const load = async () => {
    state.calls += 1;
    return state.value;
  };
  return { state, load };
}

describe('rememberedReads', () => {
  it('answers from memory within the moment, and reads again after it', async () => {
    const cache = rememberedReads(inProcessBus()).cache<string, number>();
    const { state, load } = source(1);
    expect(await cache.get('a', load)).toBe(1);
    state.value = 2;
    expect(await cache.get('a', load)).toBe(1);
    expect(state.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, REMEMBER_MS + 20));
    expect(await cache.get('a', load)).toBe(2);
    expect(state.calls).toBe(2);
  });

  it('forgets everything here at once and tells the other processes through the bus', async () => {
    const bus = inProcessBus();
    const heard: BusEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    const here = rememberedReads(bus);
    const elsewhere = rememberedReads(bus); // another process's memory on the same bus
    const mine = here.cache<string, number>();
    const theirs = elsewhere.cache<string, number>();
    const { state, load } = source(1);
    await mine.get('a', load);
    await theirs.get('a', load);
    state.value = 2;
    await here.forgetEverywhere();
    expect(heard).toEqual([{ type: 'remembered_stale' }]);
    expect(await mine.get('a', load)).toBe(2);
    expect(await theirs.get('a', load)).toBe(2);
  });

  it('does not remember a read that was under way while it was forgotten', async () => {
    const remembered = rememberedReads(inProcessBus());
    const cache = remembered.cache<string, number>();
    let release: (value: number) => void = () => {};
    const slow = cache.get('a', () => new Promise<number>((resolve) => (release = resolve)));
    await remembered.forgetEverywhere();
    release(1);
    expect(await slow).toBe(1); // answered…
    expect(await cache.get('a', async () => 2)).toBe(2); // …but not remembered
  });

  it('forgets only the keys picked, and then no read under way is remembered either', async () => {
    const cache = rememberedReads(inProcessBus()).cache<string, number>();
    await cache.get('1:x', async () => 1);
    await cache.get('2:x', async () => 2);
    cache.forget((key) => key.startsWith('1:'));
    expect(await cache.get('1:x', async () => 10)).toBe(10);
    expect(await cache.get('2:x', async () => 20)).toBe(2);

    let release: (value: number) => void = () => {};
    const slow = cache.get('3:x', () => new Promise<number>((resolve) => (release = resolve)));
    cache.forget(() => false);
    release(3);
    expect(await slow).toBe(3);
    expect(await cache.get('3:x', async () => 30)).toBe(30);
  });
});
