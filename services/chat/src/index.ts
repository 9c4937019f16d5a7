// What the start scripts and tests use to run chat inside another process.
export { chatService } from './definition';
export { createChatService, type ChatService, type ChatServiceDeps, type ChatServiceConfig } from './service';
export { loadChatConfig, chatEnvSchema, type ChatConfig } from './config';
export { openChatDatabase, createChatDb, chatMigrationsDir, CHAT_SCHEMA, type ChatDb } from './database';
