import type { Deps } from '../deps.ts';

/** What `npm start` hands a periodic job: the app's deps and its close hook. */
export interface PeriodicHost {
  deps: Deps;
  addHook(name: 'onClose', hook: () => Promise<void>): unknown;
}

/**
 * Runs `pass` now and every `intervalMs`, skipping a tick while the previous pass still runs, until
 * the app closes. A pass that throws is logged as `failure`; the next tick tries again.
 */
export function runEvery(app: PeriodicHost, intervalMs: number, failure: string, pass: () => Promise<void>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (error) {
      app.deps.log.error({ err: error }, failure);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  app.addHook('onClose', async () => clearInterval(timer));
}
