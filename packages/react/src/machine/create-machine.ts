/** @module machine/create-machine — a tiny store that runs `transition` and starts the effects. */
import {
  type CommandEffect,
  commandEffects,
  type EffectContext,
  type EventEffect,
  eventEffects,
  mountEffects,
  type ScreenEffect,
  screenEffects,
  type WidgetMode,
} from './effects.js';
import type { Event, EventType } from './event.js';
import type { Screen, ScreenName } from './screen.js';
import type { MachineState } from './state.js';
import { transition } from './transition.js';

/** The running machine: a subscribable state plus `send`. */
export interface Machine {
  getState(): MachineState;
  subscribe(listener: () => void): () => void;
  send(event: Event): void;
  /** Runs the mount effect and the first screen's effect; later calls do nothing. */
  start(): void;
}

/**
 * Creates a machine. `context` is read each time an effect starts, so effects see the host's
 * latest callbacks. A command effect starts exactly when an event turns `busy` on, an event
 * effect when any other event is accepted, and a screen effect when the screen name changes.
 */
export function createMachine(
  initial: MachineState,
  mode: WidgetMode,
  context: () => EffectContext,
): Machine {
  let state = initial;
  let started = false;
  const listeners = new Set<() => void>();

  const follow = (work: Promise<Event | undefined> | undefined): void => {
    work?.then(
      (event) => {
        if (event) send(event);
      },
      (error: unknown) => console.error('Latchkey: an effect failed unexpectedly', error),
    );
  };

  const enter = (screen: Screen): void => {
    const effect = screenEffects[screen.name] as ScreenEffect<ScreenName> | undefined;
    follow(effect?.(screen as never, context()));
  };

  function send(event: Event): void {
    const previous = state;
    const next = transition(previous, event);
    if (next === previous) return;
    state = next;
    for (const listener of listeners) listener();
    if (!previous.busy && next.busy) {
      const command = commandEffects[event.type] as CommandEffect<EventType> | undefined;
      follow(command?.(next, event as never, context()));
    } else {
      const effect = eventEffects[event.type] as EventEffect<EventType> | undefined;
      follow(effect?.(next, event as never, context()));
    }
    if (next.screen.name !== previous.screen.name) enter(next.screen);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send,
    start() {
      if (started) return;
      started = true;
      mountEffects[mode](context());
      enter(state.screen);
    },
  };
}
