import type { Language } from './constants.ts';
import type { Role } from './roles.ts';

/** The current user as GET /api/me answers it (spec section 3, snake_case). */
export interface Me {
  '@id': string;
  '@type': 'User';
  ulid: string;
  firstname: string;
  lastname: string;
  email: string;
  lang: Language;
  avatar: string | null;
  role: Role;
  company: string;
  phone: string;
  invitations_received_count: number;
  api_token: string | null;
  api_token_validity: string | null;
}

/** POST /api/me/generate-api-token answer. */
export interface ApiToken {
  api_token: string;
  api_token_validity: string;
}

/** GET /api/validation_codes/{code} answer. */
export interface ValidationCode {
  '@id': string;
  '@type': 'ValidationCode';
  email: string;
}
