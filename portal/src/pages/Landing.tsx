import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCTS, ShopPageText, TYPING } from '../../../libs/domain/index.ts';
import { CheckoutButton, CheckoutError } from '../checkout/CheckoutButton.tsx';
import { useCheckout } from '../checkout/useCheckout.ts';
import { Footer } from '../components/Footer.tsx';
import { TopBar } from '../components/TopBar.tsx';

const LONGEST_WORD = TYPING.words.reduce((longest, word) => (word.length > longest.length ? word : longest));

/** "Let's [finish|start|complete|publish] that book!": types, pauses, deletes, moves to the next word. */
function useTypedWord(): string {
  const [index, setIndex] = useState(0);
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    const word = TYPING.words[index % TYPING.words.length] ?? '';
    let delay: number = deleting ? TYPING.deleteMs : TYPING.typeMs;
    if (!deleting && text === word) delay = TYPING.pauseMs;
    const timer = setTimeout(() => {
      if (!deleting && text === word) setDeleting(true);
      else if (deleting && text === '') {
        setDeleting(false);
        setIndex((i) => i + 1);
      } else setText(deleting ? word.slice(0, text.length - 1) : word.slice(0, text.length + 1));
    }, delay);
    return () => clearTimeout(timer);
  }, [text, deleting, index]);
  return text;
}

export function Landing() {
  const word = useTypedWord();
  const checkout = useCheckout();
  return (
    <div className="page">
      <TopBar />
      <main id="main" className="hero">
        <p className="corner-link"><Link to="/shop">Purchase our titles</Link></p>
        <h1 className="typed-heading" aria-label="Let's finish that book!">
          {/* The longest line, unseen, holds the heading's size while the words are typed: nothing below it moves. */}
          <span className="typed-sizer" aria-hidden="true">Let&apos;s {LONGEST_WORD} that book!</span>
          <span>
            Let&apos;s <span className="typed">{word}</span>
            <span className="caret" aria-hidden="true" /> that book!
          </span>
        </h1>
        <p className="lead">
          Pressroom turns your notes and ideas into a structured, cited book — outline, chapters, a typeset print-ready PDF, a
          cover and an editable Quarto project — then helps you publish, sell and print it. Bring sources in any language.
        </p>
        <div className="path-buttons">
          <Link className="button button-secondary" to="/demo">Try Free Demo</Link>
          <CheckoutButton checkout={checkout} product="ai-book-generator">Generate - ${PRODUCTS.aiBookGenerator.price}</CheckoutButton>
          <Link className="button button-accent" to="/coming-soon">Elite Service - Now Available</Link>
        </div>
        <CheckoutError checkout={checkout} />
        <ol className="steps">
          <li><strong>Share your vision</strong> — notes, drafts, slides, papers.</li>
          <li><strong>AI content creation</strong> — an outline you approve, then chapters that cite your sources.</li>
          <li><strong>Review and refine</strong> — regenerate any chapter, edit the outline.</li>
          <li><strong>Publish and promote</strong> — print-ready PDF, cover, ISBN help, your own shop page.</li>
        </ol>
        <section className="landing-shop" aria-labelledby="landing-shop-title">
          <h2 id="landing-shop-title">Books by our authors</h2>
          <p>{ShopPageText.catalogueDescription}</p>
          <Link className="button button-secondary" to="/shop">Browse books by our authors</Link>
        </section>
      </main>
      <Footer />
    </div>
  );
}
