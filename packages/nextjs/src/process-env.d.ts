// Next.js gives both runtimes `process.env` (inlined on the edge); nothing else of Node's
// `process` is used, so @types/node stays out and a Node-only API fails to compile.
declare const process: { readonly env: Readonly<Record<string, string | undefined>> };
