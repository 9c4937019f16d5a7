import { describe, expect, it } from 'vitest';
import { applySiteMeta, siteMeta } from './site-meta';

const meta = (sel: string) => document.head.querySelector<HTMLMetaElement>(sel)?.content;

describe('applySiteMeta', () => {
  it('sets title, description and og tags per variant (spec §2)', () => {
    applySiteMeta('marketing');
    expect(document.title).toBe(siteMeta.marketing.title);
    expect(meta('meta[name="description"]')).toBe(siteMeta.marketing.description);
    expect(meta('meta[property="og:title"]')).toBe(siteMeta.marketing.title);

    applySiteMeta('chat');
    expect(document.title).toBe(siteMeta.chat.title);
    expect(meta('meta[property="og:title"]')).toBe(siteMeta.chat.title);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(siteMeta.chat.title).not.toBe(siteMeta.marketing.title);
  });
});
