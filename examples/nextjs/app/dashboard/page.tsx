import { currentUser } from '@latchkey/nextjs';
import { redirect } from 'next/navigation';
import { SignOutButton } from './sign-out-button';

export default async function DashboardPage() {
  const user = await currentUser();
  if (!user) redirect('/sign-in');
  return (
    <main>
      <h1>Dashboard</h1>
      <dl>
        <dt>Email</dt>
        <dd data-testid="user-email">{user.emails[0]?.email}</dd>
        <dt>User ID</dt>
        <dd data-testid="user-id">{user.user_id}</dd>
      </dl>
      <SignOutButton
        publicToken={process.env.LATCHKEY_PUBLIC_TOKEN ?? ''}
        providerUrl={process.env.LATCHKEY_PROVIDER_URL ?? ''}
      />
    </main>
  );
}
