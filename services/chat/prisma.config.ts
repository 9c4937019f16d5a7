// Prisma CLI configuration for the chat service: its own PostgreSQL schema "chat", the offline schema
// engine shim, DATABASE_URL (see packages/db/README.md).
import { servicePrismaConfig } from '../../packages/db/src/prisma-cli.config';

export default servicePrismaConfig(import.meta.dirname, 'chat');
