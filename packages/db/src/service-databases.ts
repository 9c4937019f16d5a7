// Every service with a prisma/schema.prisma is a service database; its folder name is its schema.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceDatabase } from './drift';

export interface ServiceDatabaseDir extends ServiceDatabase {
  /** The service's folder (where its prisma.config.ts is). */
  dir: string;
}

export function discoverServiceDatabases(rootDir: string): ServiceDatabaseDir[] {
  const servicesDir = join(rootDir, 'services');
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(servicesDir, e.name, 'prisma', 'schema.prisma')))
    .map((e) => {
      const dir = join(servicesDir, e.name);
      return {
        name: e.name,
        dir,
        schemaPath: join(dir, 'prisma', 'schema.prisma'),
        migrationsDir: join(dir, 'prisma', 'migrations'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
