import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { XSS_CORPUS } from './xss-corpus';

afterEach(cleanup);

describe('Markdown renders the XSS corpus inert', () => {
  it.each(XSS_CORPUS)('%s', (input) => {
    const { container } = render(<Markdown text={input} />);
    expect(container.querySelector('script, img, svg, iframe, object, embed, details, style')).toBeNull();
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
    }
    for (const a of container.querySelectorAll('a'))
      expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|\/|#)/);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('shows raw HTML as text', () => {
    const { container } = render(<Markdown text={'<b>hi</b>'} />);
    expect(container.textContent).toBe('<b>hi</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('highlights code and offers a copy button', () => {
    const { container, getByRole } = render(<Markdown text={'```js\nconst a = "x"; // c\n```'} />);
    expect(container.querySelector('.tok-keyword')?.textContent).toBe('const');
    expect(container.querySelector('.tok-string')?.textContent).toBe('"x"');
    expect(container.querySelector('.tok-comment')?.textContent).toBe('// c');
    expect(getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });
});
