/** @module phone/use-phone — the phone functions for a form: loaded on mount, null until they arrive. */
import { useEffect, useState } from 'react';
import { loadedPhone, loadPhone } from './load-phone.js';
import type { PhoneModule } from './phone-module.js';

/** What a phone form sees. */
export interface UsePhoneResult {
  /** The functions, or null while loading (or after a failed load). */
  phone: PhoneModule | null;
  /** True when the last load failed; `load` tries again. */
  failed: boolean;
  /** Resolves with the functions, loading them if needed, and updates `phone`/`failed`. */
  load(): Promise<PhoneModule>;
}

/** Starts loading when the form mounts, so formatting is ready by the time the user types. */
export function usePhone(): UsePhoneResult {
  const [phone, setPhone] = useState<PhoneModule | null>(() => loadedPhone() ?? null);
  const [failed, setFailed] = useState(false);

  const load = (): Promise<PhoneModule> =>
    loadPhone().then(
      (loaded) => {
        setPhone(loaded);
        setFailed(false);
        return loaded;
      },
      (error: unknown) => {
        setFailed(true);
        throw error;
      },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per mount; `load` is recreated each render.
  useEffect(() => {
    if (phone) return;
    load().catch(() => {
      // `failed` shows the message; submitting tries again.
    });
  }, []);

  return { phone, failed, load };
}
