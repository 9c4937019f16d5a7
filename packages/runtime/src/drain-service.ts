import { markDraining } from '@noek/service-kit';
import type { ServiceInstance } from './service-definition';

/** What the HTTP server keeps of the grace period after a drain: closing, flushing, the bus. */
const CLOSE_RESERVE_MS = 2_000;

/**
 * The first shutdown step, before the HTTP server closes: readiness fails at once (proxies stop sending
 * new work here) while the server still serves, and the service finishes what is in flight (chat: its
 * replies end with their final events) within the grace period less what closing needs.
 */
export async function drainService(service: ServiceInstance, graceMs: number): Promise<void> {
  markDraining(service.app);
  await service.drain?.(Math.max(0, graceMs - CLOSE_RESERVE_MS));
}
