// The PostgreSQL extensions a service's migrations create, loaded into every PGlite (the embedded database
// and the drift check's) so that the same migrations run there as on a PostgreSQL server, where these come
// with the server (Debian's postgresql package and the official image include them).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** pg_trgm: the admin table's substring search (LIKE '%term%') by a trigram GIN index. */
export const pgliteExtensions = { pg_trgm };
