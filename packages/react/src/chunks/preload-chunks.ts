/**
 * @module chunks/preload-chunks — fetches, after the first paint, the code a widget will need next:
 * the screens after Main and the client methods its products call. Nothing to do here: an app's
 * bundler already has it all; the script-tag build swaps in preload-chunks-script.ts, for which
 * that code lives in files of its own.
 */
import type { WidgetConfig } from '../config.js';

/** Starts loading the files `config` will need (script-tag build only). */
export function usePreloadChunks(_config: WidgetConfig): void {}
