// Prisma CLI configuration for the template service: its own PostgreSQL schema "template", the offline schema
// engine shim, DATABASE_URL (see packages/db/README.md).
import { servicePrismaConfig } from '../../packages/db/src/prisma-cli.config';

export default servicePrismaConfig(import.meta.dirname, 'template');
