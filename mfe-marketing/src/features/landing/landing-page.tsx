import type { User } from '@noek/contracts';
import { AboutSection } from './about-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { PlansSection } from './plans-section';
import type { OpenSite } from './site-link';

export interface LandingPageProps {
  user: User | null;
  /** The chat site's base URL (links to it: Sign In, Try/Chat, the plans). */
  chatUrl: string;
  openSite?: OpenSite;
  onLogout?: () => void;
}

/** Spec §2 'Landing page': header, hero, features, about, plans, footer. Also prerendered at build. */
export function LandingPage({ user, chatUrl, openSite, onLogout }: LandingPageProps) {
  return (
    <div className="lp" id="top" data-testid="landing-page">
      <LandingHeader user={user} chatUrl={chatUrl} openSite={openSite} onLogout={onLogout} />
      <main>
        <HeroSection chatUrl={chatUrl} openSite={openSite} />
        <FeaturesSection />
        <AboutSection />
        <PlansSection chatUrl={chatUrl} openSite={openSite} />
      </main>
      <LandingFooter />
    </div>
  );
}
