export * from './service-definition';
export * from './run-service-process';
export * from './start-embedded';
export { embeddedDatabaseUrl } from './defaults';
