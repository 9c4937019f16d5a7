import { describe, expect, it } from 'vitest';
import { resetPasswordEmail, verificationEmail } from './templates';

describe('email templates', () => {
  const base = {
    name: 'Ada <script>',
    appOrigin: 'https://chat.noek.example',
    token: 'tok_123',
    supportEmail: 'help@noek.example',
  };

  it('verification: an Activate Your Account button to /verify-email?token=, HTML and text', () => {
    const e = verificationEmail(base);
    expect(e.link).toBe('https://chat.noek.example/verify-email?token=tok_123');
    expect(e.html).toContain('>Activate Your Account</a>');
    expect(e.html).toContain('href="https://chat.noek.example/verify-email?token=tok_123"');
    expect(e.text).toContain(e.link);
    expect(e.html).not.toContain('<script>');
    expect(e.html).toContain('help@noek.example');
  });

  it('reset: a link to /reset-password?token= in both parts', () => {
    const e = resetPasswordEmail(base);
    expect(e.link).toBe('https://chat.noek.example/reset-password?token=tok_123');
    expect(e.html).toContain(e.link);
    expect(e.text).toContain(e.link);
  });
});
