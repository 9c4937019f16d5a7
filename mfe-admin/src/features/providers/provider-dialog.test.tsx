import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProvider } from '@noek/contracts';
import { ProviderDialog } from './provider-dialog';

afterEach(cleanup);

const stored: AdminProvider = {
  id: 'lab',
  name: 'GPU lab',
  source: 'stored',
  baseUrl: 'http://gpu-1:8000/v1',
  apiKey: { set: true, last4: '9876' },
  models: ['llama3', 'qwen'],
  enabled: true,
  health: 'up',
  checkedAt: '2026-11-26T03:00:00.000Z',
  modelCount: 2,
};

function field(label: string): HTMLInputElement {
  const el = [...document.querySelectorAll('label')].find((l) => l.firstElementChild?.textContent === label);
  const control = el?.querySelector<HTMLInputElement>('input, textarea');
  if (!control) throw new Error(`no field labelled ${label}`);
  return control;
}
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const errorOf = (name: string) => screen.queryByTestId(`provider-error-${name}`)?.textContent;

describe('provider dialog', () => {
  it('names each bad field before anything is sent, and sends nothing', () => {
    const onSave = vi.fn();
    render(<ProviderDialog busy={false} onClose={vi.fn()} onSave={onSave} />);
    type('ID', 'Not An Id');
    type('Name', '');
    type('Base URL', 'gpu-1:8000');
    fireEvent.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(errorOf('id')).toBe('Use 1 to 40 lower case letters, digits and dashes');
    expect(errorOf('baseUrl')).toBeTruthy();
    expect(field('ID').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds with the models one per line or comma-separated, and an API key only when typed', () => {
    const onSave = vi.fn();
    render(<ProviderDialog busy={false} onClose={vi.fn()} onSave={onSave} />);
    type('ID', 'lab');
    type('Name', ' GPU lab ');
    type('Base URL', 'http://gpu-1:8000/v1');
    type('Models', 'llama3\nqwen, ,mistral');
    fireEvent.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(onSave).toHaveBeenCalledWith({
      kind: 'create',
      body: {
        id: 'lab',
        name: 'GPU lab',
        baseUrl: 'http://gpu-1:8000/v1',
        models: ['llama3', 'qwen', 'mistral'],
      },
    });
  });

  it('editing never shows the stored key; an empty key field keeps it, a typed one replaces it', () => {
    const onSave = vi.fn();
    render(<ProviderDialog provider={stored} busy={false} onClose={vi.fn()} onSave={onSave} />);
    expect(screen.getByRole('dialog', { name: 'Edit GPU lab' })).toBeTruthy();
    expect(screen.queryByText('ID')).toBeNull();
    expect(field('API Key').value).toBe('');
    expect(screen.getByText('A key ending in 9876 is stored; leave empty to keep it')).toBeTruthy();
    expect(field('Models').value).toBe('llama3\nqwen');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({
      kind: 'update',
      id: 'lab',
      body: { name: 'GPU lab', baseUrl: 'http://gpu-1:8000/v1', models: ['llama3', 'qwen'] },
    });
    type('API Key', ' sk-new-key ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.lastCall?.[0].body.apiKey).toBe('sk-new-key');
  });

  it("shows the server's field errors beside their fields", () => {
    render(
      <ProviderDialog
        busy={false}
        serverErrors={{ baseUrl: 'No models answered at this address' }}
        onClose={vi.fn()}
        onSave={vi.fn()}
      />,
    );
    expect(errorOf('baseUrl')).toBe('No models answered at this address');
    expect(field('Base URL').getAttribute('aria-invalid')).toBe('true');
  });
});
