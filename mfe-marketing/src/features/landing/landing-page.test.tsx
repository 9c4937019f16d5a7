import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@noek/contracts';
import { LandingPage } from './landing-page';

afterEach(cleanup);

const user = { id: 'u1', name: 'Ann Example', email: 'ann@example.com', accessLevel: 'basic' } as User;

describe('LandingPage', () => {
  it('signed out: Sign In and Try lead to the chat site; the paid plan to its /subscribe', () => {
    const openSite = vi.fn();
    render(<LandingPage user={null} chatUrl="http://chat.example" openSite={openSite} />);
    expect(screen.getByTestId('landing-sign-in').getAttribute('href')).toBe('http://chat.example');
    fireEvent.click(screen.getByTestId('landing-try'));
    fireEvent.click(screen.getByTestId('plan-supernoek-cta'));
    expect(openSite.mock.calls).toEqual([['http://chat.example'], ['http://chat.example/subscribe']]);
    expect(screen.queryByTestId('landing-logout')).toBeNull();
  });

  it('a new-tab click follows the plain link', () => {
    const openSite = vi.fn();
    render(<LandingPage user={null} chatUrl="http://chat.example" openSite={openSite} />);
    fireEvent.click(screen.getByTestId('landing-try'), { ctrlKey: true });
    expect(openSite).not.toHaveBeenCalled();
  });

  it('signed in: name, email, Chat and Logout', () => {
    const onLogout = vi.fn();
    render(<LandingPage user={user} chatUrl="http://chat.example" onLogout={onLogout} />);
    expect(screen.getByTestId('landing-user-name').textContent).toBe('Ann Example');
    expect(screen.getByTestId('landing-user-email').textContent).toBe('ann@example.com');
    expect(screen.getByTestId('landing-chat').textContent).toBe('Chat');
    expect(screen.queryByTestId('landing-sign-in')).toBeNull();
    fireEvent.click(screen.getByTestId('landing-logout'));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('prints the plans as the spec and decisions.md say', () => {
    render(<LandingPage user={null} chatUrl="http://chat.example" />);
    expect(screen.getByTestId('plan-basic').textContent).toContain('$0/month');
    expect(screen.getByTestId('plan-basic').textContent).toContain('3000 messages per day');
    expect(screen.getByTestId('plan-supernoek').textContent).toContain('$30/month');
    expect(screen.getByTestId('plan-supernoek').textContent).toContain('50000 messages per day');
  });
});
