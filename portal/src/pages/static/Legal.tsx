import { useSupportEmail } from '../../api/site.ts';
import { StaticPage } from '../../components/StaticPage.tsx';

const LAST_UPDATED = 'Last updated August 16, 2025';

const terms = (support: string): [string, string][] => [
  ['Acceptance of these terms', 'By creating an account or using Pressroom you agree to these terms. If you use Pressroom for an organisation, you accept them on its behalf.'],
  ['The service', 'Pressroom generates book content from the ideas and materials you provide, typesets it, and offers publishing, shop and print services. Features may change as the product improves.'],
  ['Eligibility', 'You must be at least 13 years old to use Pressroom. The service is not directed at children under 13.'],
  ['Your account', 'Keep your password secret and tell us at once if you suspect misuse. You are responsible for what happens under your account.'],
  ['Your content and materials', 'You keep all rights in the notes, documents and instructions you upload. You confirm you may use them and grant us the limited licence needed to process them for you.'],
  ['Ownership of the results', 'The books, covers and files produced for you are yours. We claim no ownership and may not publish them without your permission.'],
  ['AI-generated content', 'AI can make mistakes. Chapters cite the sources they draw on so you can check them; you are responsible for reviewing the book before you publish it.'],
  ['Acceptable use', 'Do not use Pressroom to produce unlawful, infringing, defamatory or deceptive material, or to attack or overload the service.'],
  ['Service tiers and delivery', 'Delivery takes 1 to 3 business days for Proof of Concept, 5 to 7 for Professional and 7 to 14 for Premium Consulting books, counted from receipt of complete materials.'],
  ['Revisions', 'Every tier includes a revision opportunity; its scope varies by tier and is described when you order.'],
  ['Fees and payment', 'Prices are shown before you pay. Fees are non-refundable unless otherwise specified in these terms or at the time of purchase.'],
  ['Refunds', 'Refunds are at our discretion and may be requested within 30 days of delivery by writing to ' + support + '.'],
  ['Printing and shipping', 'Printed copies are produced by our print partner. Delivery dates are estimates; we will help resolve damaged or missing shipments.'],
  ['Shop and publishing', 'When you publish a book to your shop or a bookstore, you set its price and description and are responsible for its listing.'],
  ['Disclaimers and liability', 'The service is provided as is. To the extent the law allows, our liability is limited to the fees you paid in the 12 months before the claim.'],
  ['Disputes and arbitration', 'Disputes will be resolved by binding arbitration administered by the American Arbitration Association, except where the law gives you the right to go to court.'],
  ['Changes and contact', 'We may update these terms and will tell you of material changes. Questions: ' + support + '.'],
];

export function Terms() {
  const support = useSupportEmail();
  return (
    <StaticPage title="Terms of Service" lead={LAST_UPDATED}>
      {terms(support).map(([title, text], i) => (
        <section key={title} className="legal-section">
          <h2>{i + 1}. {title}</h2>
          <p>{text}</p>
        </section>
      ))}
    </StaticPage>
  );
}

export function Privacy() {
  const support = useSupportEmail();
  return (
    <StaticPage title="Privacy Policy" lead={LAST_UPDATED}>
      <section className="legal-section"><h2>What we collect</h2><p>Your e-mail address (or phone number), a hash of your password — never the password itself — the materials you upload, the books we generate for you, and records of payments and print orders.</p></section>
      <section className="legal-section"><h2>How we use it</h2><p>To run your account, generate and deliver your books, process payments and print orders, and answer your questions. We send marketing e-mail only while you allow it in your profile.</p></section>
      <section className="legal-section"><h2>AI providers</h2><p>To write your book, the relevant parts of your materials are sent to the AI provider you choose. They process them to produce text for you and under their terms do not use them to train their models.</p></section>
      <section className="legal-section"><h2>Storage and security</h2><p>Files are kept in private storage and shared only through time-limited links. Sessions use short-lived tokens; signing out ends them on the server.</p></section>
      <section className="legal-section"><h2>Your rights</h2><p>You can see, correct, export or delete your data. Deleting a book removes its files. Write to {support}.</p></section>
      <section className="legal-section"><h2>Children</h2><p>Pressroom is not for children under 13 and we do not knowingly collect their data.</p></section>
    </StaticPage>
  );
}
