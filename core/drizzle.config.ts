import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema/accounts.ts',
    './src/db/schema/fleet.ts',
    './src/db/schema/telemetry.ts',
    './src/db/schema/alerts.ts',
    './src/db/schema/invitations.ts',
    './src/db/schema/imports.ts',
    './src/db/schema/notifications.ts',
  ],
  out: './src/db/migrations',
});
