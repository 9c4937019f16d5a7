import { RevealSection } from './reveal-section';
import { SiteLink, type OpenSite } from './site-link';
import { texts } from './landing-texts';

type Plan = (typeof texts.plans)['basic'] | (typeof texts.plans)['supernoek'];

function PlanCard({
  id,
  plan,
  href,
  featured,
  openSite,
}: {
  id: string;
  plan: Plan;
  href: string;
  featured?: boolean;
  openSite?: OpenSite;
}) {
  return (
    <li className={`lp-card lp-plan${featured ? ' lp-plan-featured' : ''}`} data-testid={`plan-${id}`}>
      <h3>{plan.name}</h3>
      <p className="lp-plan-tagline">{plan.tagline}</p>
      <p className="lp-price" data-testid={`plan-${id}-price`}>
        <span className="lp-price-amount">${plan.price}</span>
        <span className="lp-price-period">{texts.plans.perMonth}</span>
      </p>
      <ul className="lp-checks">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <SiteLink
        href={href}
        openSite={openSite}
        className={`noek-btn lp-plan-cta${featured ? '' : ' noek-btn-outline'}`}
        testId={`plan-${id}-cta`}
      >
        {plan.cta}
      </SiteLink>
    </li>
  );
}

/** Spec §2: Basic (free) against SuperNoek (30 dollars per month, its button leads to /subscribe). */
export function PlansSection({ chatUrl, openSite }: { chatUrl: string; openSite?: OpenSite }) {
  const t = texts.plans;
  return (
    <RevealSection id="plans" labelledBy="plans-title">
      <h2 id="plans-title">{t.title}</h2>
      <p className="lp-section-lead">{t.lead}</p>
      <ul className="lp-grid lp-plans">
        <PlanCard id="basic" plan={t.basic} href={chatUrl} openSite={openSite} />
        <PlanCard
          id="supernoek"
          plan={t.supernoek}
          href={`${chatUrl.replace(/\/$/, '')}/subscribe`}
          featured
          openSite={openSite}
        />
      </ul>
    </RevealSection>
  );
}
