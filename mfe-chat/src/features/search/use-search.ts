import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chatKeys } from '../api/query-keys';
import { searchApi } from './search-api';

/** Typing pauses this long before a search is sent (one request per pause, not per key). */
const DEBOUNCE_MS = 200;

/** Search results for `text` (debounced); idle while the text is blank. */
export function useSearch(text: string, archived: boolean) {
  const [q, setQ] = useState(text.trim());
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const query = useQuery({
    queryKey: chatKeys.search(q, archived),
    queryFn: ({ signal }) => searchApi.search(q, archived, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { results: q ? (query.data ?? []) : [], query, pending: q !== text.trim() || query.isFetching };
}
