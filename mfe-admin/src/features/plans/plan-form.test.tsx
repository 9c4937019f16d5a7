import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPlanSettings } from '@noek/contracts';
import { PlanForm, planRequestOf } from './plan-form';

afterEach(cleanup);
const basic = defaultPlanSettings()[0]!;

describe('plan form', () => {
  it('turns empty boxes into "no limit" and the models list into names', () => {
    expect(planRequestOf({ messages: '', hours: '', tokens: '', models: ' a, b ,,a ' })).toEqual({
      body: { messagesPerWindow: null, windowHours: null, tokenBudget: null, allowedModels: ['a', 'b'] },
    });
  });

  it('refuses what the server would refuse, before sending', () => {
    expect(planRequestOf({ messages: '0', hours: '1', tokens: '', models: '' })).toHaveProperty('error');
    expect(planRequestOf({ messages: '5', hours: '', tokens: '', models: '' })).toHaveProperty('error');
    expect(planRequestOf({ messages: 'x', hours: '1', tokens: '', models: '' })).toHaveProperty('error');
  });

  it("shows the plan's values, and saves the edited ones", async () => {
    const onSave = vi.fn(async () => undefined);
    render(<PlanForm plan={basic} onSave={onSave} />);
    const messages = screen.getByLabelText('Messages per window (empty: unlimited)') as HTMLInputElement;
    expect(messages.value).toBe('3000');
    fireEvent.change(messages, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save basic' }));
    expect(screen.getByRole('alert').textContent).toContain('messagesPerWindow');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(messages, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save basic' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        messagesPerWindow: 100,
        windowHours: 24,
        tokenBudget: null,
        allowedModels: [],
      }),
    );
  });
});
