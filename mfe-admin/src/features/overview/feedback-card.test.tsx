import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackTable } from './feedback-card';

afterEach(cleanup);

describe('feedback per model (admin overview)', () => {
  it('shows thumbs up and down per model with the share of ups, in the order given', () => {
    render(
      <FeedbackTable
        counts={[
          { model: 'openai/gpt-4o', up: 1200, down: 300 },
          { model: 'ollama/llama3', up: 0, down: 2 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Feedback on replies per model' });
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Model',
      'Thumbs up',
      'Thumbs down',
      'Up share',
    ]);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['openai/gpt-4o', '1,200', '300', '80 %'],
      ['ollama/llama3', '0', '2', '0 %'],
    ]);
  });

  it('says so when there is no feedback yet', () => {
    render(<FeedbackTable counts={[]} />);
    expect(screen.getByText('No feedback on replies yet.')).toBeTruthy();
  });
});
