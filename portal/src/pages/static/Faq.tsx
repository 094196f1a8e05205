import { useState } from 'react';
import { offerPrice, PRODUCTS } from '../../../../libs/domain/index.ts';
import { useSupportEmail } from '../../api/site.ts';
import { StaticPage } from '../../components/StaticPage.tsx';

const faq = (support: string) => [
  ['How long does it take to get my book?', 'The AI Book Generator produces a complete draft, PDF and cover in minutes. Books with our team take 1 to 3 business days for Proof of Concept, 5 to 7 for Professional (most books) and 7 to 14 for Premium Consulting. From concept to printed copies usually takes about 2 weeks.'],
  ['Who owns the rights to the book?', 'You do. The text, cover and files we produce for you are yours to publish, sell and print; we keep no rights to your content.'],
  ['How much source material do I need?', 'Very little: a clear idea and a few paragraphs of notes are enough to start. Every document you add (up to 5 files, 10 MB in total) makes the book more specific to you, and chapters cite the passages they use.'],
  ['Will the book read as professional?', 'Chapters are written from an outline you approve, each with its own brief and word budget, and with a memory of earlier chapters so they do not repeat one another. The PDF is typeset for print at 6×9 inches with running heads and a table of contents.'],
  ['Can I change things after the draft?', 'Yes. Edit the outline before drafting, regenerate any single chapter, and edit the full Quarto project yourself. Every tier includes a revision opportunity; its scope depends on the tier.'],
  ['Can my book be sold on the large online bookstore?', 'Yes. We help with ISBN registration and set-up for its self-publishing programme, and you can also sell from your own Pressroom shop page.'],
  ['Can you write technical or specialist books?', 'Yes. Technical, medical and scientific books are grounded in the sources you provide and cite them, so claims can be checked. Health and biotech teams have a dedicated service.'],
  ['My notes are not in English. Is that a problem?', 'No. Submit ideas and materials in any language; the book is written in the language you choose, English by default.'],
  ['Do I get a cover?', 'Every book comes with a cover designed for its size and page count, including the spine for print. The Elite Service adds professional cover design optimisation.'],
  ['Is it worth the price?', `The ${PRODUCTS.aiBookGenerator.name} costs a one-time ${offerPrice('ai-book-generator')} for a complete book with PDF and cover. A ghost-written book of similar length usually costs thousands; our Professional and Premium tiers add human editing when you need it.`],
  ['Can I order printed copies in bulk?', 'Yes. Order bound copies from your dashboard; for larger runs (25 to 100+ copies) the Elite Service quotes print quantity and binding with you.'],
  ['What if I am not satisfied?', `Tell us at ${support}. We will revise within your tier's revision scope, and refunds are considered case by case within 30 days of delivery.`],
] as const;

export function Faq() {
  const support = useSupportEmail();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (i: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <StaticPage title="Frequently asked questions" lead="Open as many as you like.">
      <div className="faq">
        {faq(support).map(([question, answer], i) => (
          <div key={question} className="faq-item">
            <h2>
              <button type="button" aria-expanded={open.has(i)} aria-controls={`faq-${i}`} onClick={() => toggle(i)}>
                {question}
                <span aria-hidden="true">{open.has(i) ? '−' : '+'}</span>
              </button>
            </h2>
            <div id={`faq-${i}`} role="region" hidden={!open.has(i)}>
              <p>{answer}</p>
            </div>
          </div>
        ))}
      </div>
    </StaticPage>
  );
}
