import { siteMetaTexts } from '@noek/contracts/site-meta';
import type { SiteVariant } from './variant';

export interface SiteMeta {
  title: string;
  description: string;
}

/** Spec §2: the document title and meta tags are set per host variant (contracts siteMetaTexts). */
export const siteMeta: Record<SiteVariant, SiteMeta> = siteMetaTexts;

function setMeta(attr: 'name' | 'property', key: string, content: string, doc: Document): void {
  let el = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = doc.createElement('meta');
    el.setAttribute(attr, key);
    doc.head.appendChild(el);
  }
  el.content = content;
}

export function applySiteMeta(variant: SiteVariant, doc: Document = document): void {
  const meta = siteMeta[variant];
  doc.title = meta.title;
  setMeta('name', 'description', meta.description, doc);
  setMeta('property', 'og:title', meta.title, doc);
  setMeta('property', 'og:description', meta.description, doc);
  doc.documentElement.dataset.site = variant;
}
