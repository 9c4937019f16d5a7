// TEMPORARY until packages/contracts exports the toast shape (being written in parallel).
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
}
