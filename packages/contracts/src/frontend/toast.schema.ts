import { z } from 'zod';

/** A toast as any screen raises it (spec §8 titles/descriptions; 'destructive' for errors). */
export const toastInputSchema = z.object({
  title: z.string().min(1),
  description: z.string().optional(),
  variant: z.enum(['default', 'destructive']).optional(),
  /** How long it stays; 0 keeps it until dismissed. */
  durationMs: z.number().int().min(0).optional(),
});
export type ToastInput = z.infer<typeof toastInputSchema>;
