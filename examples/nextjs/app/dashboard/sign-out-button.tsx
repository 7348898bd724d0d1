'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { latchkeyBrowserClient } from '../latchkey-browser-client';

export function SignOutButton({ publicToken, providerUrl }: { publicToken: string; providerUrl: string }) {
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    // Ends the session at the provider and removes both session cookies.
    await latchkeyBrowserClient(publicToken, providerUrl).session.revoke();
    router.replace('/sign-in');
    router.refresh();
  }
  return (
    <button type="button" onClick={signOut} disabled={signingOut}>
      {signingOut ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
