export * from './theme/theme.store';
export * from './theme/theme-toggle';
export * from './toast/toast.store';
export * from './toast/toaster';
export * from './error-boundary/error-boundary';
export * from './http/api-client';
export { setSessionRecovery, type SessionRecovery } from './http/session-recovery';
export * from './dialog/use-dialog-focus';
export * from './toast/toast-placement';
