import type { SalesMonth, SalesReport, SaleView } from '../../../../libs/contracts/index.ts';
import type { Sale } from '../../../../libs/db/index.ts';
import { fromCents, PRINT_CURRENCY, saleMonth } from '../../../../libs/domain/index.ts';

/** One sale as its author sees it: never the buyer. */
export function saleView(sale: Sale): SaleView {
  return {
    id: sale.id,
    book_id: sale.book?.id ?? null,
    book_title: sale.bookTitle,
    edition: sale.edition,
    quantity: sale.quantity,
    status: sale.status,
    price: fromCents(sale.priceCents),
    stripe_fee: fromCents(sale.stripeFeeCents),
    print_cost: fromCents(sale.edition === 'print' ? sale.printCostCents : 0),
    earnings: fromCents(sale.earningsCents),
    currency: sale.currency,
    paid_at: sale.paidAt?.toISOString() ?? null,
    created_at: sale.createdAt.toISOString(),
  };
}

interface Sums {
  sales: number;
  gross: number;
  fees: number;
  print: number;
  earnings: number;
}
const none = (): Sums => ({ sales: 0, gross: 0, fees: 0, print: 0, earnings: 0 });
function add(sums: Sums, sale: Sale): void {
  sums.sales++;
  sums.gross += sale.priceCents;
  sums.fees += sale.stripeFeeCents;
  sums.print += sale.edition === 'print' ? sale.printCostCents : 0;
  sums.earnings += sale.earningsCents;
}
export const sumsView = (sums: Sums): Omit<SalesMonth, 'month'> => ({
  sales: sums.sales,
  gross: fromCents(sums.gross),
  stripe_fees: fromCents(sums.fees),
  print_costs: fromCents(sums.print),
  earnings: fromCents(sums.earnings),
});

/** Totals of paid sales (cents summed, then shown): all of them. */
export function totalsOf(sales: Sale[]): Omit<SalesMonth, 'month'> {
  const sums = none();
  for (const sale of sales) add(sums, sale);
  return sumsView(sums);
}

/** The author's paid sales (newest first) with totals by UTC month (newest first) and in all. */
export function salesReport(sales: Sale[]): SalesReport {
  const months = new Map<string, Sums>();
  for (const sale of sales) {
    const month = saleMonth(sale.paidAt ?? sale.createdAt);
    const sums = months.get(month) ?? none();
    add(sums, sale);
    months.set(month, sums);
  }
  return {
    sales: sales.map(saleView),
    months: [...months.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([month, sums]) => ({ month, ...sumsView(sums) })),
    totals: totalsOf(sales),
    currency: sales[0]?.currency ?? PRINT_CURRENCY,
  };
}

const CSV_COLUMNS = ['sale_id', 'paid_at', 'book_title', 'edition', 'quantity', 'status', 'price', 'stripe_fee', 'print_cost', 'earnings', 'currency'] as const;

/** A field as RFC 4180 writes it, and never a formula a spreadsheet would run. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** GET /api/sales.csv: a header row, then one row per sale. */
export function salesCsv(sales: Sale[]): string {
  const rows = sales.map((sale) => {
    const view = saleView(sale);
    return [view.id, view.paid_at ?? '', view.book_title, view.edition, view.quantity, view.status, view.price.toFixed(2), view.stripe_fee.toFixed(2), view.print_cost.toFixed(2), view.earnings.toFixed(2), view.currency];
  });
  return [CSV_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
