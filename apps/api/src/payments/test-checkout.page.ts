import escapeHtml from 'escape-html';
import { formatAmount } from '../../../../libs/domain/index.ts';


/** The page's own policy (the API's is default-src 'none'): its inline style, and forms that post here and land on the portal. */
export const testCheckoutPolicy = (portalOrigins: string) =>
  `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${portalOrigins}; frame-ancestors 'none'; base-uri 'none'`;

export interface TestCheckoutView {
  path: string;
  productName: string;
  amount: number;
  currency: string;
  /** The session's customer e-mail (a signed-in buyer's); a signed-out buyer types one. */
  email: string | null;
  problem?: string;
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; }
main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px #0002; }
.banner { background: #fff4d6; border: 1px solid #e0b437; border-radius: 8px; padding: .75rem 1rem; margin: 0 0 1.5rem; }
h1 { font-size: 1.4rem; margin: 0; }
.amount { font-size: 2rem; font-weight: 700; margin: .25rem 0 1.5rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input { box-sizing: border-box; width: 100%; font: inherit; padding: .6rem .75rem; border: 1px solid #9aa3b5; border-radius: 8px; }
button { font: inherit; font-weight: 600; width: 100%; padding: .75rem; border-radius: 8px; border: 0; margin-top: 1rem; cursor: pointer; }
.pay { background: #3047c9; color: #fff; }
.cancel { background: transparent; color: #3047c9; border: 1px solid #3047c9; }
.problem { color: #a4161a; font-weight: 600; }
:focus-visible { outline: 3px solid #e0b437; outline-offset: 2px; }
`;

/** Pressroom's stand-in for Stripe's hosted checkout in local test mode: plain forms, no scripts. */
export function testCheckoutPage(view: TestCheckoutView): string {
  const amount = escapeHtml(formatAmount(view.amount, view.currency));
  const product = escapeHtml(view.productName);
  const path = escapeHtml(view.path);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test mode checkout: ${product}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>Test mode</strong>: this is a local test checkout. No real money moves and no card is charged.</p>
<h1>${product}</h1>
<p class="amount">${amount}</p>
${view.problem ? `<p class="problem" role="alert">${escapeHtml(view.problem)}</p>` : ''}
<form method="post" action="${path}/pay">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(view.email ?? '')}"${view.problem ? ' aria-invalid="true"' : ''}>
<button class="pay" type="submit">Pay ${amount}</button>
</form>
<form method="post" action="${path}/cancel">
<button class="cancel" type="submit">Cancel</button>
</form>
</main>
</body>
</html>
`;
}
