import type { Me } from './users.ts';

/** Events the server pushes to a browser socket (default namespace; room `user:<ulid>`). */
export interface ServerToClientEvents {
  /** The current user changed (profile, role, invitation count): replace the cached `me`. */
  'me:updated': (me: Me) => void;
  /** The session ended on the server (logout elsewhere, account removed): sign out. */
  'session:revoked': () => void;
}

/** Events a browser socket may send. */
export interface ClientToServerEvents {
  ping: (ack: (at: string) => void) => void;
}

/** Name of the Socket.IO room that reaches every socket of one user. */
export const userRoom = (userUlid: string) => `user:${userUlid}`;
