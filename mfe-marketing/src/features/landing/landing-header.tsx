import type { User } from '@noek/contracts';
import { ThemeToggle } from '@noek/ui';
import { SiteLink, type OpenSite } from './site-link';
import { texts } from './landing-texts';

/** Spec §2: Sign In and a Try/Chat button; the name, email and Logout when signed in. */
export function LandingHeader({
  user,
  chatUrl,
  openSite,
  onLogout,
}: {
  user: User | null;
  chatUrl: string;
  openSite?: OpenSite;
  onLogout?: () => void;
}) {
  const t = texts.header;
  return (
    <header className="lp-header" data-testid="landing-header">
      <div className="lp-container lp-header-row">
        <a className="lp-brand" href="#top">
          {texts.brand}
        </a>
        <nav className="lp-nav" aria-label="Sections">
          <a href="#features">{texts.nav.features}</a>
          <a href="#about">{texts.nav.about}</a>
          <a href="#plans">{texts.nav.plans}</a>
        </nav>
        <div className="lp-actions">
          <ThemeToggle className="noek-btn noek-btn-ghost lp-icon-btn" />
          {user ? (
            <>
              <span className="lp-user" data-testid="landing-user">
                <span className="lp-user-name" data-testid="landing-user-name">
                  {user.name}
                </span>
                <span className="lp-user-email" data-testid="landing-user-email">
                  {user.email}
                </span>
              </span>
              <SiteLink href={chatUrl} openSite={openSite} className="noek-btn" testId="landing-chat">
                {t.chat}
              </SiteLink>
              <button
                type="button"
                className="noek-btn noek-btn-outline"
                data-testid="landing-logout"
                onClick={onLogout}
              >
                {t.logout}
              </button>
            </>
          ) : (
            <>
              <SiteLink
                href={chatUrl}
                openSite={openSite}
                className="noek-btn noek-btn-outline"
                testId="landing-sign-in"
              >
                {t.signIn}
              </SiteLink>
              <SiteLink href={chatUrl} openSite={openSite} className="noek-btn" testId="landing-try">
                {t.try}
              </SiteLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
