/** The JetStream stream every service publishes to (subjects auth.>, chat.>, billing.>, admin.>). */
export const streamNameDefault = 'NOEK';
/** A DATABASE_URL for config schemas in the single-process mode, where the database is embedded. */
export const embeddedDatabaseUrl = 'postgresql://embedded.invalid/noek';
