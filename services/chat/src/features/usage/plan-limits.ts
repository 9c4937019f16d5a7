import { accessLevelSchema, defaultPlanLimits, type AccessLevel, type PlanLimits } from '@noek/contracts';

/**
 * This replica's copy of each level's limits (admin's plan settings), read on every send without a query.
 * Starts at the spec's defaults, then follows the table (start-up, periodic sync) and admin's events;
 * a setting older than the one held is ignored, so the order they arrive in does not matter.
 */
export class PlanLimitsTable {
  private readonly held = new Map<AccessLevel, { limits: PlanLimits; updatedAt: number }>();

  limitsFor(level: AccessLevel): PlanLimits {
    return this.held.get(level)?.limits ?? defaultPlanLimits(level);
  }

  /** Takes `limits` for `level` unless a newer setting is held; answers whether it was taken. */
  apply(level: string, limits: PlanLimits, updatedAt: Date): boolean {
    const parsed = accessLevelSchema.safeParse(level);
    if (!parsed.success) return false;
    const held = this.held.get(parsed.data);
    if (held && held.updatedAt >= updatedAt.getTime()) return false;
    this.held.set(parsed.data, { limits, updatedAt: updatedAt.getTime() });
    return true;
  }
}
