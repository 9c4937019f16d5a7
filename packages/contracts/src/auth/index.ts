export * from './handoff-request.schema';
export * from './auth-settings.schema';
