/** A DATABASE_URL for config schemas in the single-process mode, where the database is embedded. */
export const embeddedDatabaseUrl = 'postgresql://embedded.invalid/noek';
