import { SEARCH_MARK_END, SEARCH_MARK_START } from '@noek/contracts';
import type { ChatTx } from '../../database';

/**
 * Matching messages ranked per query at most when the match set comes from the GIN index: ranking and
 * picking each conversation's best message is done on this many, so a word matched in thousands of
 * messages costs no more to rank than a rare one.
 */
export const SEARCH_CANDIDATES = 2_000;

/**
 * A user's newest messages looked at first. When their matches already span a page of conversations (the
 * word is common), they are the candidates and the GIN index is never read: a GIN scan cannot stop
 * early, and for a word in most of a user's 500,000 messages it builds a bitmap of every match (~100 ms
 * of CPU). When they do not, the word is rare enough (with 50 messages a conversation: in under ~0.5 %
 * of messages) that the GIN bitmap is small. Either way each conversation's candidate is its newest
 * match, ranked alone (ts_rank once per conversation, not once per match).
 */
export const SEARCH_RECENT_MESSAGES = 4_000;

/**
 * What a title match adds to a conversation's score: about twice ts_rank of one matched word (0.06), so
 * a title match ranks above a message match. Every word is required, so titles would rank near alike.
 */
export const TITLE_MATCH_SCORE = 0.2;

export interface SearchRow {
  conversationId: number;
  title: string;
  titleHighlight: string;
  archived: boolean;
  updatedAt: Date;
  messageId: number | null;
  snippet: string | null;
  rank: number;
}

const marks = `StartSel=${SEARCH_MARK_START}, StopSel=${SEARCH_MARK_END}`;
const titleOptions = `HighlightAll=true, ${marks}`;
const snippetOptions = `MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … ", ${marks}`;

/**
 * The newest messages are read through the (userId, messageId) index, which alone yields that order (the
 * owner as a subquery keeps "userId" in the order: else the planner may walk the primary key backwards
 * past every other user's newer rows). The GIN branch checks the owner as text: the lexeme already narrows the index scan to the owner, and
 * on the embedded PGlite (never analyzed) the planner would otherwise guess few rows for the owner and
 * walk every message of a heavy user through the (userId, messageId) index instead.
 *
 * Full-text search over one owner's titles and messages: messages through their stored vectors
 * (message_search, kept by a trigger), first among the owner's newest SEARCH_RECENT_MESSAGES, else
 * through the GIN index (each vector holds its owner's "~<userId>" lexeme, ANDed into the query so the
 * index itself narrows to the user), titles through the GIN expression index on
 * to_tsvector('simple', title), which this query must repeat exactly to be used.
 */
export function createSearchRepository(db: ChatTx) {
  return {
    /** `tsquery` is to_tsquery('simple') input from toPrefixTsquery; results best first, title matches first. */
    search(userId: string, tsquery: string, o: { archived: boolean; limit: number }): Promise<SearchRow[]> {
      return db.$queryRaw<SearchRow[]>`
        WITH q AS (SELECT to_tsquery('simple', ${tsquery}) AS q),
        recent AS MATERIALIZED (
          SELECT DISTINCT ON (s."conversationId") s."messageId" AS id, s."conversationId", s.vector
          FROM q, (SELECT "messageId", "conversationId", vector FROM message_search
                   WHERE "userId" = (SELECT ${userId}::uuid)
                   ORDER BY "userId" DESC, "messageId" DESC LIMIT ${SEARCH_RECENT_MESSAGES}) s
          WHERE numnode(q.q) > 0 AND s.vector @@ q.q
          ORDER BY s."conversationId", s."messageId" DESC
        ),
        recent_shown AS MATERIALIZED (
          SELECT r.* FROM recent r JOIN conversations c ON c.id = r."conversationId"
          WHERE ${o.archived} OR c."archivedAt" IS NULL
        ),
        enough AS (SELECT count(*) >= ${o.limit}::int AS yes FROM recent_shown),
        candidates AS (
          SELECT * FROM recent_shown WHERE (SELECT yes FROM enough)
          UNION ALL
          (SELECT DISTINCT ON (h."conversationId") h.id, h."conversationId", h.vector
           FROM (SELECT s."messageId" AS id, s."conversationId", s.vector
                 FROM q, message_search s
                 WHERE NOT (SELECT yes FROM enough) AND numnode(q.q) > 0
                   AND s.vector @@ (q.q && ${`'~${userId}'`}::tsquery) AND s."userId"::text = ${userId}
                 LIMIT ${SEARCH_CANDIDATES}) h
           JOIN conversations c ON c.id = h."conversationId"
           WHERE ${o.archived} OR c."archivedAt" IS NULL
           ORDER BY h."conversationId", h.id DESC)
        ),
        best AS (SELECT id, "conversationId", ts_rank(vector, q.q) AS rank FROM q, candidates),
        titles AS (
          SELECT c.id FROM q, conversations c
          WHERE numnode(q.q) > 0 AND to_tsvector('simple'::regconfig, c.title) @@ q.q AND c."userId" = ${userId}::uuid
            AND (${o.archived} OR c."archivedAt" IS NULL)
          LIMIT ${SEARCH_CANDIDATES}
        ),
        top AS (
          SELECT COALESCE(b."conversationId", t.id) AS cid, b.id AS mid,
                 COALESCE(b.rank, 0) + CASE WHEN t.id IS NULL THEN 0 ELSE ${TITLE_MATCH_SCORE}::real END AS score
          FROM best b FULL JOIN titles t ON t.id = b."conversationId"
          ORDER BY score DESC, cid DESC
          LIMIT ${o.limit}
        )
        SELECT c.id AS "conversationId", c.title,
               ts_headline('simple', c.title, q.q, ${titleOptions}) AS "titleHighlight",
               c."archivedAt" IS NOT NULL AS archived, c."updatedAt", top.mid AS "messageId",
               CASE WHEN m.id IS NULL THEN NULL
                    ELSE ts_headline('simple', m.content, q.q, ${snippetOptions}) END AS snippet,
               top.score::float8 AS rank
        FROM top JOIN conversations c ON c.id = top.cid CROSS JOIN q
        LEFT JOIN messages m ON m.id = top.mid
        ORDER BY top.score DESC, top.cid DESC`;
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
