/**
 * Every table, from the file of its area (one owner each): accounts, fleet, telemetry, alerts,
 * invitations, imports, notifications, audit, air changes. drizzle-kit reads the area files (drizzle.config.ts).
 */
export * from './accounts.ts';
export * from './fleet.ts';
export * from './telemetry.ts';
export * from './alerts.ts';
export * from './invitations.ts';
export * from './imports.ts';
export * from './notifications.ts';
export * from './audit.ts';
export * from './air-changes.ts';
