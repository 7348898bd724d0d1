/** @module readiness-state — whether this process still wants traffic: false from the moment it starts shutting down. */

/** Flipped once by the shutdown sequence (main.ts), read by every GET /readyz. */
export interface ReadinessState {
  readonly draining: boolean;
  /** From now on /readyz answers 503 `draining`, so load balancers stop sending requests here. */
  startDraining(): void;
}

/** A process that is not draining yet. */
export function createReadinessState(): ReadinessState {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
