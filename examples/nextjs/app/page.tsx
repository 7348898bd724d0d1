import { auth } from '@latchkey/nextjs';
import Link from 'next/link';

export default async function HomePage() {
  const { userId } = await auth();
  return (
    <main>
      <h1>Latchkey on Next.js</h1>
      <p>{userId ? 'You are signed in.' : 'You are signed out.'}</p>
      <Link href={userId ? '/dashboard' : '/sign-in'}>{userId ? 'Go to your dashboard' : 'Sign in'}</Link>
    </main>
  );
}
