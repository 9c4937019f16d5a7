import type { Express, NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { NotFoundError, route } from '@noek/service-kit';
import type { DevMailbox } from '../../mail/mailer';
import { renderDevMailbox } from './dev-mailbox.page';
import { isLoopbackAddress } from './loopback';

export const DEV_MAILBOX_PATH = '/api/auth/dev/mailbox';

/**
 * Every mail's links (reset links included) are readable here, so only this machine may read it:
 * the request must come over a loopback socket (the gateway's, in the single-process mode) and the
 * client address the gateway saw on its own socket must be loopback too. Anything else: 404, as if
 * the mailbox did not exist. Registered only in the single-process mode (definition.ts).
 */
function loopbackOnly(req: Request, _res: Response, next: NextFunction): void {
  if (isLoopbackAddress(req.socket.remoteAddress) && isLoopbackAddress(req.ip)) next();
  else next(new NotFoundError());
}

export function registerDevMailboxRoutes(app: Express, mailbox: DevMailbox): void {
  app.get(DEV_MAILBOX_PATH, loopbackOnly, (_req, res) => {
    res.type('html').send(renderDevMailbox(mailbox.list()));
  });
  app.get(
    `${DEV_MAILBOX_PATH}.json`,
    loopbackOnly,
    route({ query: z.object({ to: z.string().optional() }) }, ({ query }) => ({
      emails: mailbox.list().filter((e) => !query.to || e.to === query.to.toLowerCase()),
    })),
  );
}
