/**
 * @module sign-in-panel — the Latchkey widget on the operator project: a passkey, or a password
 * plus an authenticator app (the project requires MFA, so the widget asks for the code, or sets
 * the app up on a first sign-in). Console sessions are 30 minutes idle. Operators are invited, never
 * sign up on their own: the console's sign-in says "Sign in"; an invite's page says what it does.
 */
import { SignIn } from '@latchkey/react';
import { useBoot } from './console-boot.js';

export function SignInPanel({ title }: { title: string }) {
  const { client, config } = useBoot();
  return (
    <SignIn
      client={client}
      config={{
        products: ['passkeys', 'passwords'],
        sessionOptions: { sessionDurationMinutes: config.session_idle_minutes },
        displayWatermark: false,
      }}
      styles={{ colors: { primary: '#1d3fbb' } }}
      search=""
      strings={{ 'main.title': title }}
    />
  );
}
