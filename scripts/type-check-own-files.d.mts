import type { Diagnostic } from 'typescript';

/** Whether `fileName` is ours to check: the app's own, or one of our packages' declarations. */
export function isOwnFile(fileName: string): boolean;
/** The diagnostics of the program `configPath` describes, for the options and our files. */
export function ownDiagnostics(configPath: string): Diagnostic[];
