import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@noek/contracts';
import { MessageList } from './message-list';

/** A conversation of `n` messages, each about 300 px tall by the list's estimate. */
const conversation = (n: number): Message[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    conversationId: 1,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: Array.from({ length: 15 }, (_, l) => `Line ${l} of message ${i + 1}.`).join('\n'),
    createdAt: new Date(2026, 0, 1, 12, i).toISOString(),
    status: 'complete',
  }));

const renderedRows = () =>
  [...document.querySelectorAll('[data-index]')].map((el) => Number(el.getAttribute('data-index')));

let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  // happy-dom has no layout: a viewport-sized box (900 px: three rows), and an idle callback the test runs.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  // Rows measure as they were estimated (300 px), the list as the viewport.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chat-messages') ? 900 : 300;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = this.classList.contains('chat-messages') ? 900 : 300;
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      bottom: height,
      right: 800,
      width: 800,
      height,
      toJSON: () => ({}),
    };
  });
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MessageList opening a long conversation', () => {
  it('renders only the rows in view at first (the end), and the rows around them once the browser is idle', async () => {
    render(<MessageList messages={conversation(30)} typing={false} notices={{}} />);
    const first = renderedRows();
    expect(first.length).toBeGreaterThan(0);
    expect(Math.max(...first)).toBe(29); // opens at its end
    expect(first.length).toBeLessThanOrEqual(4); // 900 px of ~300 px rows: no overscan yet
    expect(screen.getAllByTestId('chat-message').length).toBe(first.length);

    expect(idle.length).toBeGreaterThan(0);
    await act(async () => idle.splice(0).forEach((cb) => cb()));
    await expect.poll(() => renderedRows().length).toBe(first.length + 3); // overscan above the end
    expect(Math.min(...renderedRows())).toBe(Math.min(...first) - 3);
  });
});
