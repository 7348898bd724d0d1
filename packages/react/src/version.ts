/** @module version — the package version, reported by the standalone bundle as `Latchkey.version`. */

/** Spec §9: SDK version 5.1.2 (a test keeps it equal to package.json). */
export const VERSION = '5.1.2';
