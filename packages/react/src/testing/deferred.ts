/** @module testing/deferred — a promise with its settle functions, for tests that hold a ceremony or pop-up open. */

/** A promise and the functions that settle it, so a test decides when a pending call ends. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
