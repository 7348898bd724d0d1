import { connection } from 'next/server';
import { SignInWidget } from './sign-in-widget';

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ latchkey_error?: string }>;
}) {
  await connection(); // read the environment per request, not at build time
  const { latchkey_error: error } = await searchParams;
  return (
    <main>
      <h1>Sign in</h1>
      {error ? <p role="alert">That sign-in link did not work ({error}). Ask for a new one below.</p> : null}
      <SignInWidget
        publicToken={process.env.LATCHKEY_PUBLIC_TOKEN ?? ''}
        providerUrl={process.env.LATCHKEY_PROVIDER_URL ?? ''}
      />
    </main>
  );
}
