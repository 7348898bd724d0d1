/**
 * @module notices-in-flight — hands notices to the mailer without making the request wait, and
 * remembers them until delivered, so closing the app does not cut them off.
 */
import type { Mailer, OutgoingEmail } from './mailer.js';

/** Sends notices in the background; `settled()` waits for every one handed over so far. */
export function createNoticesInFlight(mailer: Mailer) {
  const inFlight = new Set<Promise<void>>();
  return {
    /**
     * Starts sending each message now and returns at once: the answer to the request that caused
     * them leaves as fast as any other. A failed delivery goes to `failed` (to be logged), never
     * to the caller.
     */
    handOver(messages: OutgoingEmail[], failed: (error: unknown) => void): void {
      const all = Promise.all(messages.map((message) => mailer.send(message).catch(failed))).then(
        () => undefined,
      );
      inFlight.add(all);
      void all.finally(() => inFlight.delete(all));
    },

    /** Resolves once every notice handed over so far has been delivered or reported as failed. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

/** Notices being delivered in the background. */
export type NoticesInFlight = ReturnType<typeof createNoticesInFlight>;
