/** Every package an integrator installs, in dependency order. */
export declare const PUBLISHED: ReadonlyArray<{ name: string; dir: string }>;
/** Packs each published package (or those of `names`) into `destination`; returns package name → tarball path. */
export declare function packPackages(destination: string, names?: string[]): Record<string, string>;
