import { useState } from 'react';
import { safeImageSrc } from './safe-href';

/**
 * An image written by the model or the user. Nothing is fetched until the reader asks: a reply must
 * not make the browser call a third-party host on its own (tracking pixels, IP leaks). The loaded
 * image sends no referrer.
 */
export function ImageLink({ src, alt }: { src: string; alt: string }) {
  const [shown, setShown] = useState(false);
  const href = safeImageSrc(src);
  const label = alt || 'image';
  if (!href) return <span className="chat-md__image-text">{`[${label}]`}</span>;
  if (shown)
    return (
      <img className="chat-md__image" src={href} alt={alt} referrerPolicy="no-referrer" loading="lazy" />
    );
  let host = '';
  try {
    host = new URL(href, window.location.href).host;
  } catch {
    /* shown without a host */
  }
  return (
    <button type="button" className="chat-md__image-load" onClick={() => setShown(true)} title={href}>
      {`Show image: ${label}`}
      {host ? <span className="chat-md__image-host">{` (${host})`}</span> : null}
    </button>
  );
}
