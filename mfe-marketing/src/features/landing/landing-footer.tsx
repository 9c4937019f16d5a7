import { texts } from './landing-texts';

export function LandingFooter() {
  return (
    <footer className="lp-footer" data-testid="landing-footer">
      <div className="lp-container lp-footer-row">
        <p>
          © {new Date().getFullYear()} {texts.footer.rights}
        </p>
        <nav aria-label="Footer">
          <a href="#features">{texts.nav.features}</a>
          <a href="#about">{texts.nav.about}</a>
          <a href="#plans">{texts.nav.plans}</a>
          <a href="#top">{texts.footer.backToTop}</a>
        </nav>
      </div>
    </footer>
  );
}
