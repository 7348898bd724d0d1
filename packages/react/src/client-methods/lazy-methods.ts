/**
 * @module client-methods/lazy-methods — in the standalone bundle, a client method namespace whose
 * code is in a chunk file: the object has every member at once, and each call loads the file the
 * first time (an email + password sign-in never fetches the passkey, OAuth, passcode or magic-link
 * code). Every member is async already, so a caller sees no difference but the first call's load.
 */
import { LatchkeyNetworkError } from '@latchkey/client';
import { importChunkScript } from '../chunks/import-chunk-script.js';

/** The members of a namespace: `true` for a method, a nested shape for a sub-namespace. */
export interface MethodShape {
  readonly [member: string]: true | MethodShape;
}

const loadFailures = new WeakSet<object>();

/** True for the error of a call whose chunk file could not load (the method itself never ran). */
export function isChunkLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && loadFailures.has(error);
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;
type Namespace = { [member: string]: AnyMethod | Namespace };

/**
 * The methods of `shape`, each calling the same path of the namespace that chunk `file`'s export
 * `factory` builds over `ctx` (built once, on the first call; the chunk exports the client's own
 * `create…Methods` under its name). A file that cannot load rejects the call with a network error,
 * the error a caller already handles for a request that could not be sent; the next call tries again.
 */
export function lazyMethods<M>(file: string, factory: string, ctx: unknown, shape: MethodShape): M {
  let real: Promise<Namespace> | undefined;
  const load = (): Promise<Namespace> => {
    real ??= importChunkScript<Record<string, (ctx: unknown) => Namespace>>(file).then(
      (chunk) => (chunk[factory] as (ctx: unknown) => Namespace)(ctx),
      (error: unknown) => {
        real = undefined;
        const failure = new LatchkeyNetworkError(`Latchkey: could not load ${file}.`, { cause: error });
        loadFailures.add(failure);
        throw failure;
      },
    );
    return real;
  };
  const namespace = (members: MethodShape, path: readonly string[]): Namespace =>
    Object.fromEntries(
      Object.entries(members).map(([name, member]) => [
        name,
        member === true
          ? (...args: unknown[]) =>
              load().then((methods) => {
                const owner = path.reduce((object, key) => object[key] as Namespace, methods);
                return (owner[name] as AnyMethod)(...args);
              })
          : namespace(member, [...path, name]),
      ]),
    );
  return namespace(shape, []) as unknown as M;
}
