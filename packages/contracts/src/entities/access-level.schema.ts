import { z } from 'zod';

/** Spec §3: a user's level; `basic` is the default and also what "no access level" means. */
export const accessLevels = ['basic', 'premium', 'supernoek', 'admin'] as const;
export const accessLevelSchema = z.enum(accessLevels);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** Plans a subscription can be on (spec §3, subscription status). */
export const planSchema = z.enum(['basic', 'supernoek']);
export type Plan = z.infer<typeof planSchema>;

/** Spec §2 header rule: the upgrade offer shows for no level or `basic`. */
export function isUpgradeOffered(level: AccessLevel | null | undefined): boolean {
  return level == null || level === 'basic';
}

/** How plans are named to users (a refusal names the plan that allows a model). */
export const planDisplayNames: Record<AccessLevel, string> = {
  basic: 'Basic',
  premium: 'Premium',
  supernoek: 'SuperNoek',
  admin: 'Admin',
};
