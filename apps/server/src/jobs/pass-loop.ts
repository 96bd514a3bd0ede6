import type { FastifyBaseLogger } from 'fastify';

/**
 * A worker's polling loop: runs `pass` every `everyMs` and whenever woken, one pass at a time per
 * process. A wake-up during a pass makes another pass follow it, unless `followUpWake` is false:
 * then it is dropped and the next tick does the work.
 */
export function passLoop(
  log: FastifyBaseLogger,
  pass: () => Promise<unknown>,
  options: { everyMs: number; failure: string; followUpWake?: boolean },
) {
  const followUpWake = options.followUpWake ?? true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  function wake() {
    if (stopped) return;
    if (running) {
      if (followUpWake) again = true;
      return;
    }
    running = pass()
      .then(() => undefined)
      .catch((error) => log.error({ err: error }, options.failure))
      .then(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    wake,
    start() {
      stopped = false;
      timer = setInterval(wake, options.everyMs);
      timer.unref();
      wake();
    },
    /** Stops polling and waits for the pass under way. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Tests: waits for the pass under way, then runs one more, so that nothing due now is left. */
    async idle() {
      while (running) await running;
      await pass();
    },
  };
}
