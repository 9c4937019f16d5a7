import type { Express } from 'express';
import { contractRoute } from '@noek/service-kit';
import { apiRoutes } from '@noek/contracts';
import type { AuthContext } from '../../context';
import { DEV_MAILBOX_PATH } from '../dev-mailbox/dev-mailbox.routes';

/** GET /api/auth/settings: public facts for the sign-in screen. */
export function registerSettingsRoutes(app: Express, ctx: AuthContext, devMailboxServed: boolean): void {
  contractRoute(app, apiRoutes.auth.settings, () => ({
    supportEmail: ctx.settings.supportEmail,
    devMailboxUrl: devMailboxServed ? DEV_MAILBOX_PATH : null,
  }));
}
