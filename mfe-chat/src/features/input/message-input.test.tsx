import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageInput } from './message-input';

afterEach(cleanup);
const box = () => screen.getByLabelText('Message') as HTMLTextAreaElement;

describe('MessageInput (spec §5)', () => {
  it('Enter sends the trimmed text and clears the box', () => {
    const onSend = vi.fn();
    render(<MessageInput onSend={onSend} disabled={false} />);
    fireEvent.change(box(), { target: { value: '  hello  ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello');
    expect(box().value).toBe('');
  });

  it('keeps the text while the send is pending, clears it once accepted, keeps it when refused', async () => {
    let answer!: (accepted: boolean) => void;
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    render(<MessageInput onSend={onSend} disabled={false} />);
    fireEvent.change(box(), { target: { value: 'refused text' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('refused text');
    // act returns once the refusal is handled (its promise settled, React's updates applied).
    await act(async () => answer(false));
    expect(box().value).toBe('refused text');
    fireEvent.keyDown(box(), { key: 'Enter' });
    answer(true);
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('Shift+Enter does not send', () => {
    const onSend = vi.fn();
    render(<MessageInput onSend={onSend} disabled={false} />);
    fireEvent.change(box(), { target: { value: 'line one' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('whitespace-only text never sends and the button stays disabled', () => {
    const onSend = vi.fn();
    render(<MessageInput onSend={onSend} disabled={false} />);
    fireEvent.change(box(), { target: { value: '   \n ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is disabled while sending', () => {
    const onSend = vi.fn();
    render(<MessageInput onSend={onSend} disabled />);
    expect(box().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('grows with its content up to 128 px', () => {
    render(<MessageInput onSend={vi.fn()} disabled={false} />);
    Object.defineProperty(box(), 'scrollHeight', { configurable: true, get: () => 60 });
    fireEvent.change(box(), { target: { value: 'a\nb\nc' } });
    expect(box().style.height).toBe('60px');
    Object.defineProperty(box(), 'scrollHeight', { configurable: true, get: () => 400 });
    fireEvent.change(box(), { target: { value: 'a\nb\nc\nd\ne\nf\ng\nh\ni' } });
    expect(box().style.height).toBe('128px');
    expect(box().style.overflowY).toBe('auto');
  });
});
