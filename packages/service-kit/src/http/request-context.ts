import type { Logger } from 'pino';
import type { AccessLevel } from '@noek/contracts';

/** The signed-in user, set by requireUser. */
export interface AuthUser {
  id: string;
  accessLevel: AccessLevel;
  /** When the access token was issued; compare with a user's sessionsValidAfter to revoke. */
  issuedAt: Date;
  sessionId?: string;
}

declare global {
  // Express reads its request type from this global namespace.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Request id: the gateway's x-request-id when sane, else generated. */
      id: string;
      /** A child logger carrying the request id. */
      log: Logger;
      user?: AuthUser;
    }
  }
}

export {};
