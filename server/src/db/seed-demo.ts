import { ulid } from 'ulid';
import type { Role } from '@aircloud/shared/roles';
import { hashPassword } from '../modules/auth/password-hash.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';

/** The demo accounts, created only in demo mode; all share the password below. */
export const DEMO_PASSWORD = 'Demo-1234';
export const DEMO_ACCOUNTS: { email: string; firstname: string; lastname: string; role: Role }[] = [
  { email: 'admin@demo.test', firstname: 'Alice', lastname: 'Admin', role: 'ROLE_ADMIN' },
  { email: 'tech@demo.test', firstname: 'Théo', lastname: 'Technicien', role: 'ROLE_TECHNICIAN' },
  { email: 'user@demo.test', firstname: 'Ursula', lastname: 'User', role: 'ROLE_USER' },
];

/** Creates the demo accounts that do not exist yet (idempotent, safe at every start). */
export async function seedDemo(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        id: ulid(),
        ...account,
        company: 'Demo',
        lang: 'fr',
        enabled: true,
        passwordHash,
      })),
    )
    .onConflictDoNothing({ target: users.email });
}
