/** Words past this are dropped: each adds an index lookup and none makes a query more precise in practice. */
export const MAX_QUERY_WORDS = 12;

// tsquery syntax (operators, grouping, weights, quoting, escaping): never passed through, so no input can
// be read as an operator or break the query. What remains is split by the database's own parser.
const TSQUERY_SYNTAX = /[&|!():*<>'"\\\s]+/u;

/**
 * Any user text as to_tsquery('simple', ...) input: every word is a quoted prefix match, all of them
 * required. Null when nothing is left to search for (empty, only operators). A word that the parser turns
 * into no lexeme (an emoji, a lone dash) is dropped by to_tsquery itself, with a notice, never an error.
 */
export function toPrefixTsquery(text: string): string | null {
  const words = text
    .normalize('NFC')
    .split(TSQUERY_SYNTAX)
    .filter((w) => w.length > 0)
    .slice(0, MAX_QUERY_WORDS);
  return words.length === 0 ? null : words.map((w) => `'${w}':*`).join(' & ');
}
