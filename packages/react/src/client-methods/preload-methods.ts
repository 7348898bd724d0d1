/**
 * @module client-methods/preload-methods — fetches, after the first paint, the client method code
 * that a widget's products will call. Nothing to do here: an app's bundler already has it; the
 * script-tag build swaps in preload-methods-script.ts, whose methods live in files of their own.
 */
import type { WidgetConfig } from '../config.js';

/** Starts loading the method code `config`'s products use (script-tag build only). */
export function usePreloadMethods(_config: WidgetConfig): void {}
