import { RevealSection } from './reveal-section';
import { texts } from './landing-texts';

/** Spec §1: fun mode, deleting chats, copying conversation links; coming soon items. */
export function FeaturesSection() {
  const t = texts.features;
  return (
    <RevealSection id="features" labelledBy="features-title">
      <h2 id="features-title">{t.title}</h2>
      <ul className="lp-grid lp-cards" data-testid="landing-feature-cards">
        {t.items.map((f) => (
          <li key={f.name} className="lp-card" data-testid="feature-card">
            <h3>{f.name}</h3>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
      <h3 className="lp-soon-title">{t.soonTitle}</h3>
      <ul className="lp-soon" data-testid="landing-coming-soon">
        {t.soon.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </RevealSection>
  );
}
