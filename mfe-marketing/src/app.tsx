import type { RemoteProps } from '@noek/contracts';
import { ThemeToggle } from '@noek/ui';

/** Exposed as ./App: the company landing page (placeholder), the whole marketing site at `/`. */
export default function MarketingApp({ siteUrls }: RemoteProps) {
  return (
    <main className="noek-center" data-testid="mfe-marketing">
      <div className="noek-stack" style={{ textAlign: 'center' }}>
        <h1>Noek</h1>
        <p className="noek-muted">Your AI chat assistant, now in beta.</p>
        <div className="noek-row" style={{ justifyContent: 'center' }}>
          <a className="noek-btn" href={siteUrls.chat ?? '/'}>
            Try Noek
          </a>
          <ThemeToggle />
        </div>
      </div>
    </main>
  );
}
