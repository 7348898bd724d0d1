/** @module phone/load-phone — loads the phone code once per page and remembers it for synchronous use. */
import { importPhone } from './import-phone.js';
import type { PhoneModule } from './phone-module.js';

let loaded: PhoneModule | undefined;
let pending: Promise<PhoneModule> | undefined;

/** The phone functions, loading them on first use; a failure is not cached, so the next call retries. */
export function loadPhone(): Promise<PhoneModule> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= importPhone().then(
    (phone) => {
      loaded = phone;
      return phone;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The phone functions if they are already loaded, so a form shown again renders them at once. */
export function loadedPhone(): PhoneModule | undefined {
  return loaded;
}
