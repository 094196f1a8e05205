import { Link } from 'react-router-dom';
import { ELITE_FEE_INCLUDES, HEALTH_PRICING, offerPrice, PRODUCTS, productOffer, SERVICE_TIERS, SUPPORT_PROMISES, type ServiceTier } from '../../../../libs/domain/index.ts';
import { CheckoutButton, CheckoutError } from '../../checkout/CheckoutButton.tsx';
import { useCheckout, type Checkout } from '../../checkout/useCheckout.ts';
import { StaticPage } from '../../components/StaticPage.tsx';

export function HowItWorks() {
  const steps = [
    ['Share your vision and materials', 'Describe the book you want and add what you have: notes, drafts, slides, papers — in any language.'],
    ['AI content creation', 'Pressroom drafts an outline for you to approve, then writes each chapter from its brief, grounded in and citing your sources.'],
    ['Review and refine', 'Read every chapter, regenerate the ones you want different, and edit the outline or the Quarto project directly.'],
    ['Publish and promote', 'Download the print-ready PDF, cover and e-book, list the book in your shop, and order bound copies.'],
  ];
  return (
    <StaticPage title="How it works" lead="Four steps from an idea to a book you can hold.">
      <ol className="step-list">
        {steps.map(([title, text]) => (
          <li key={title}><h2>{title}</h2><p>{text}</p></li>
        ))}
      </ol>
      <Link className="button" to="/">Start Your Book Today</Link>
    </StaticPage>
  );
}

export function ServiceTiers() {
  const checkout = useCheckout();
  return (
    <StaticPage title="Service tiers" lead="Every tier includes a revision opportunity; its scope grows with the tier.">
      <div className="cards">
        {SERVICE_TIERS.map((tier) => (
          <section key={tier.name} className={`card tier${tier.popular ? ' tier-popular' : ''}`}>
            {tier.popular && <span className="badge">Most popular</span>}
            <h2>{tier.name}</h2>
            <p className="price">{tier.price}</p>
            <p>{tier.summary}</p>
            <p className="muted">Delivery in {tier.delivery}.</p>
            <TierAction tier={tier} checkout={checkout} />
          </section>
        ))}
      </div>
      <CheckoutError checkout={checkout} />
      <div className="path-buttons">
        <Link className="button" to="/">Get Started Now</Link>
        <Link className="button button-secondary" to="/demo">Try Free Demo</Link>
      </div>
    </StaticPage>
  );
}

/** A tier's next step: the checkout of the offer it is sold as, or the Elite page for work the team quotes. */
function TierAction({ tier, checkout }: { tier: ServiceTier; checkout: Checkout }) {
  if (tier.quoted) return <Link className="button button-secondary" to="/coming-soon" aria-label={`${tier.name}: about the ${productOffer(tier.offer).name}`}>About the {productOffer(tier.offer).name}</Link>;
  return (
    <CheckoutButton checkout={checkout} product={tier.offer} className="button button-secondary">
      {productOffer(tier.offer).name} - {offerPrice(tier.offer)}
    </CheckoutButton>
  );
}

export function HealthBiotech() {
  return (
    <StaticPage title="Books for health and biotech teams" lead="Turn research, trial summaries and clinical know-how into books your audience trusts.">
      <p>
        Conference handouts, thought-leadership books for founders and medical directors, patient education: Pressroom writes
        from your own papers and data, cites every source it uses, and typesets the result for print. A sample 200-page health
        book was produced this way.
      </p>
      <div className="cards">
        {HEALTH_PRICING.map((item) => (
          <section key={item.name} className="card"><h2>{item.name}</h2><p className="price">{item.tier.price}</p><p className="muted">{item.tier.name}</p></section>
        ))}
      </div>
      <Link className="button" to="/coming-soon">Talk to the Elite team</Link>
    </StaticPage>
  );
}

export function InternationalProfessionals() {
  return (
    <StaticPage title="For international professionals" lead="Write in your language, publish in English — or the other way round.">
      <p>
        Your expertise should not wait for perfect English. Send notes, slides and documents in any language; Pressroom writes
        the book in the language you choose, keeps your terminology, and cites the sources it draws on so you can check every
        claim. Our team can review the final text before it goes to print.
      </p>
      <ul>
        <li>Sources in any language, book in the language you ask for (English by default).</li>
        <li>A polished draft in minutes with the AI Book Generator (${PRODUCTS.aiBookGenerator.price}, one-time).</li>
        <li>Human editing and bound copies with the Elite Service (${PRODUCTS.eliteService.price}).</li>
      </ul>
      <Link className="button" to="/signup">Create your account</Link>
    </StaticPage>
  );
}

export function ComingSoon() {
  const checkout = useCheckout();
  return (
    <StaticPage title="Elite Service" lead="Our team takes your AI-generated book to a professionally edited, printed and bound edition.">
      <ul>
        <li>Professional editing and formatting review</li>
        <li>Research enhancement and citation checks</li>
        <li>Cover design optimisation and custom publishing set-up</li>
        <li>Premium-binding print production: {SUPPORT_PROMISES.boundCopies}</li>
        <li>Direct consultation with the publishing team — contact within {SUPPORT_PROMISES.contact}</li>
      </ul>
      <p className="price">${PRODUCTS.eliteService.price}, one-time</p>
      <p className="muted">{ELITE_FEE_INCLUDES}.</p>
      <div className="path-buttons">
        <CheckoutButton checkout={checkout} product="elite-service" className="button button-accent">Start Your Book Now</CheckoutButton>
        <CheckoutButton checkout={checkout} product="ai-book-generator">Start AI Generation - ${PRODUCTS.aiBookGenerator.price}</CheckoutButton>
        <Link className="button button-secondary" to="/demo">Try Free Demo</Link>
      </div>
      <CheckoutError checkout={checkout} />
      <p className="muted">
        The AI Book Generator (${PRODUCTS.aiBookGenerator.price}) writes one complete book with a paid AI model; the Elite Service (${PRODUCTS.eliteService.price}) adds our team&apos;s editing and printed copies.
      </p>
    </StaticPage>
  );
}
