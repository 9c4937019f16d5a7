import type { AuditEntry } from '@noek/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditList } from './audit-list';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-25T10:00:00.000Z',
  action: 'user.password-reset',
  actorId: 'a1',
  actorEmail: 'admin@example.com',
  targetUserId: 'u1',
  targetEmail: 'user@example.com',
  before: null,
  after: null,
  outcome: 'succeeded',
  requestId: null,
  errorCode: null,
  ...over,
});

afterEach(cleanup);

describe('AuditList', () => {
  it('says when an action failed, and with which code', () => {
    render(<AuditList entries={[entry({ outcome: 'failed', errorCode: 'UNAVAILABLE' })]} empty="none" />);
    expect(screen.getByText(/\(failed: UNAVAILABLE\)/)).toBeTruthy();
  });

  it('says when the outcome of an action is unknown, so the admin checks before repeating it', () => {
    render(
      <AuditList entries={[entry({ outcome: 'unknown', errorCode: 'OUTCOME_UNKNOWN' })]} empty="none" />,
    );
    expect(screen.getByText(/outcome unknown: OUTCOME_UNKNOWN/)).toBeTruthy();
  });

  it('adds nothing to an action that succeeded', () => {
    render(<AuditList entries={[entry({})]} empty="none" />);
    expect(screen.queryByText(/failed|unknown/)).toBeNull();
  });

  it('names the provider a provider change was on', () => {
    const change = entry({
      action: 'provider.disabled',
      targetUserId: null,
      targetEmail: null,
      targetProviderId: 'gpu-lab',
      before: { enabled: true },
      after: { enabled: false },
    });
    render(<AuditList entries={[change]} empty="none" />);
    expect(screen.getByRole('listitem').textContent).toContain(
      'provider.disabled on provider gpu-lab by admin@example.com',
    );
  });
});
