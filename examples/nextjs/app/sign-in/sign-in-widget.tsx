'use client';

import type { LatchkeyClient } from '@latchkey/client';
import { SignIn } from '@latchkey/react';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { latchkeyBrowserClient } from '../latchkey-browser-client';

export function SignInWidget({ publicToken, providerUrl }: { publicToken: string; providerUrl: string }) {
  const router = useRouter();
  const [client, setClient] = useState<LatchkeyClient>();
  useEffect(() => {
    const browserClient = latchkeyBrowserClient(publicToken, providerUrl);
    setClient(browserClient);
    // Signed in already, or by a method that ends on this page (a passcode, a password): go on.
    return browserClient.session.onChange((session) => {
      if (session) router.replace('/dashboard');
    });
  }, [publicToken, providerUrl, router]);

  if (!client) return <p role="status">Loading sign-in…</p>;
  const callback = `${window.location.origin}/api/latchkey/callback`;
  return (
    <SignIn
      client={client}
      config={{
        products: ['emailMagicLinks'],
        emailMagicLinksOptions: { loginRedirectURL: callback, signupRedirectURL: callback },
      }}
    />
  );
}
