export * from './handoff-request.schema';
export * from './auth-settings.schema';
export * from './internal-users.schema';
export * from './session.schema';
export * from './session-introspection.schema';
