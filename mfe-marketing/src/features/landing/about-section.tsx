import { RevealSection } from './reveal-section';
import { texts } from './landing-texts';

export function AboutSection() {
  return (
    <RevealSection id="about" labelledBy="about-title" className="lp-alt">
      <h2 id="about-title">{texts.about.title}</h2>
      {texts.about.paragraphs.map((p) => (
        <p key={p} className="lp-prose">
          {p}
        </p>
      ))}
    </RevealSection>
  );
}
