import { SiteLink, type OpenSite } from './site-link';
import { texts } from './landing-texts';

/** Spec §1/§2: the hero with the beta notice and the known bugs. Above the fold: never hidden. */
export function HeroSection({ chatUrl, openSite }: { chatUrl: string; openSite?: OpenSite }) {
  const t = texts.hero;
  return (
    <section className="lp-hero" aria-labelledby="hero-title" data-testid="landing-hero">
      <div className="lp-container lp-hero-inner">
        <span className="lp-badge">{t.badge}</span>
        <h1 id="hero-title">{t.title}</h1>
        <p className="lp-lead">{t.lead}</p>
        <div className="lp-beta" role="note" data-testid="landing-beta">
          <strong>{t.beta}</strong> {t.bugsIntro}
          <ul className="lp-bugs" data-testid="landing-bugs">
            {t.bugs.map((bug) => (
              <li key={bug}>{bug}</li>
            ))}
          </ul>
        </div>
        <div className="lp-cta-row">
          <SiteLink href={chatUrl} openSite={openSite} className="noek-btn lp-btn-lg" testId="hero-try">
            {t.primary}
          </SiteLink>
          <a className="noek-btn noek-btn-outline lp-btn-lg" href="#plans">
            {t.secondary}
          </a>
        </div>
      </div>
    </section>
  );
}
