/** Roles from lowest to highest; a role check passes when the user's role is at least the one asked. */
export const ROLES = ['ROLE_USER', 'ROLE_TECHNICIAN', 'ROLE_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** True when `role` equals or exceeds `required`; no role (unauthenticated) never passes. */
export function hasRole(role: Role | null | undefined, required: Role): boolean {
  if (!role) return false;
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

/** True for administrators only. */
export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'ROLE_ADMIN';
}
