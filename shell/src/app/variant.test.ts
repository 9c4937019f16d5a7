import { describe, expect, it } from 'vitest';
import { normalizeHost, pickVariant } from './variant';

const lists = { chatHosts: ['chat.noek.example'], marketingHosts: ['noek.localhost', 'noek.example:8443'] };

describe('pickVariant', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'LOCALHOST'])(
    'shows the chat app on loopback %s',
    (h) => {
      expect(pickVariant(h, lists)).toBe('chat');
    },
  );

  it('shows the chat app on a listed chat host, whatever the case', () => {
    expect(pickVariant('Chat.Noek.Example', lists)).toBe('chat');
  });

  it('shows the landing page on a listed marketing host', () => {
    expect(pickVariant('noek.localhost', lists)).toBe('marketing');
  });

  it('ignores the port written in the list', () => {
    expect(pickVariant('noek.example', lists)).toBe('marketing');
  });

  it('keeps loopback on the chat app even when someone lists it as marketing', () => {
    expect(pickVariant('localhost', { chatHosts: [], marketingHosts: ['localhost'] })).toBe('chat');
  });

  it('shows the chat app on an unlisted host', () => {
    expect(pickVariant('other.example', lists)).toBe('chat');
    expect(pickVariant('noek.localhost', { chatHosts: [], marketingHosts: [] })).toBe('chat');
  });
});

describe('normalizeHost', () => {
  it('drops brackets, ports, case and a trailing dot', () => {
    expect(normalizeHost('[::1]:8080')).toBe('::1');
    expect(normalizeHost('Noek.Example.:443')).toBe('noek.example');
    expect(normalizeHost('fe80::1')).toBe('fe80::1');
  });
});
