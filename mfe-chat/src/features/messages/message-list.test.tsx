import { cleanup, render, screen } from '@testing-library/react';
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

beforeEach(() => {
  // happy-dom has no layout: a viewport-sized box (900 px: three rows).
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  // Rows measure as they were estimated (~300 px), the list as the viewport.
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
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MessageList opening a long conversation', () => {
  it('renders the end in its first frame, with the three rows above it (measured before any paint), and no more', () => {
    render(<MessageList messages={conversation(30)} typing={false} notices={{}} />);
    const rows = renderedRows();
    expect(Math.max(...rows)).toBe(29); // opens at its end
    // 900 px of ~300 px rows, plus the overscan above: the rows around the view are there from the first
    // frame (rendered later, their scroll correction could move the rows in view), the rest of the 30 never.
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.length).toBeLessThanOrEqual(8);
    expect(screen.getAllByTestId('chat-message').length).toBe(rows.length);
  });
});
