import type { ChatTx } from '../../database';

export interface StoredProviderRow {
  id: string;
  name: string;
  baseUrl: string;
  apiKeyEncrypted: string | null;
  apiKeyLast4: string | null;
  models: string[];
  enabled: boolean;
}

export type StoredProviderChange = Partial<Omit<StoredProviderRow, 'id'>>;

/** The providers admins added (table stored_providers); keys arrive here already sealed. */
export function createStoredProvidersRepository(db: ChatTx) {
  return {
    list(): Promise<StoredProviderRow[]> {
      return db.storedProvider.findMany({ orderBy: { createdAt: 'asc' } });
    },
    find(id: string): Promise<StoredProviderRow | null> {
      return db.storedProvider.findUnique({ where: { id } });
    },
    /** False when the id is taken. */
    async create(row: StoredProviderRow): Promise<boolean> {
      const { count } = await db.storedProvider.createMany({ data: [row], skipDuplicates: true });
      return count === 1;
    },
    /** The updated row, or null when there is none with this id. */
    async update(id: string, change: StoredProviderChange): Promise<StoredProviderRow | null> {
      const { count } = await db.storedProvider.updateMany({ where: { id }, data: change });
      return count === 1 ? db.storedProvider.findUnique({ where: { id } }) : null;
    },
    async remove(id: string): Promise<boolean> {
      const { count } = await db.storedProvider.deleteMany({ where: { id } });
      return count === 1;
    },
  };
}
export type StoredProvidersRepository = ReturnType<typeof createStoredProvidersRepository>;
