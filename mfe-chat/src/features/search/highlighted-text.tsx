import { splitHighlight } from '@noek/contracts';

/** A snippet with its matched words in <mark> (the server marks them with control characters, never HTML). */
export function HighlightedText({ text }: { text: string }) {
  return (
    <>
      {splitHighlight(text).map((p, i) =>
        p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}
