export * from './stream.schema';
export * from './chat-api.schema';
