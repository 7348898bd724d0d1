/** @module internal/load-script — adds a third-party `<script>` once per page and resolves the global it defines. */

// A script defines its global once per page: every client shares the one load.
const loads = new Map<string, Promise<unknown>>();

/**
 * Resolves what `find` reads from the page (`globalName` names it in errors), adding
 * `<script src={url} async>` unless the page has it already. A failed load is forgotten, so a
 * later call tries again.
 */
export function loadScript<T>(
  url: string,
  globalName: string,
  find: (host: Window) => T | undefined,
  host: Window = window,
): Promise<T> {
  const present = find(host);
  if (present) return Promise.resolve(present);
  const known = loads.get(url) as Promise<T> | undefined;
  if (known) return known;
  const load = new Promise<T>((resolve, reject) => {
    const script = host.document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      const api = find(host);
      if (api) resolve(api);
      else reject(new Error(`${url} loaded but did not define ${globalName}`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    });
    (host.document.head ?? host.document.documentElement).appendChild(script);
  });
  loads.set(url, load);
  load.catch(() => loads.delete(url));
  return load;
}
