/**
 * Whether public share links work on this replica: SHARING_ENABLED until an admin sets it, then the
 * newest admin setting (admin.sharing.updated.v1, or chat's table on start-up and sync); a setting older
 * than the one held is ignored, so the order they arrive in does not matter. Read without a query.
 */
export class SharingSwitch {
  private held: { enabled: boolean; updatedAt: number } | null = null;

  constructor(private readonly byDefault: boolean) {}

  enabled(): boolean {
    return this.held?.enabled ?? this.byDefault;
  }

  /** Takes the setting unless a newer one is held; answers whether it was taken. */
  apply(enabled: boolean, updatedAt: Date): boolean {
    if (this.held && this.held.updatedAt >= updatedAt.getTime()) return false;
    this.held = { enabled, updatedAt: updatedAt.getTime() };
    return true;
  }
}
