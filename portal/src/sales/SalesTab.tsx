import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EditionKind, SalesReport } from '../../../libs/contracts/index.ts';
import { saveFile } from '../components/BookDownloads.tsx';
import { copies, money } from '../components/printFlow.ts';
import { Spinner } from '../components/Spinner.tsx';
import { fetchSales, salesCsvName, salesCsvUrl, type SalesFilter } from '../api/sales.ts';
import { EarningsChart } from './EarningsChart.tsx';
import { EDITION_LABELS, editionLabel, monthLabel } from './salesView.ts';
import './sales.css';

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

function Filters({ books, filter, onChange }: { books: readonly { id: string; title: string }[]; filter: SalesFilter; onChange: (next: SalesFilter) => void }) {
  return (
    <form className="sales-filters" aria-label="Filter sales" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="sales-book">Book</label>
        <select id="sales-book" value={filter.book ?? ''} onChange={(e) => onChange({ ...filter, book: e.target.value })}>
          <option value="">All books</option>
          {books.map((b) => (
            <option key={b.id} value={b.id}>{b.title}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sales-edition">Edition</label>
        <select id="sales-edition" value={filter.edition ?? ''} onChange={(e) => onChange({ ...filter, edition: e.target.value as EditionKind | '' })}>
          <option value="">All editions</option>
          {(Object.keys(EDITION_LABELS) as EditionKind[]).map((kind) => (
            <option key={kind} value={kind}>{EDITION_LABELS[kind]}</option>
          ))}
        </select>
      </div>
    </form>
  );
}

function Months({ report }: { report: SalesReport }) {
  const c = report.currency;
  return (
    <div className="table-scroll" role="region" aria-label="Totals by month" tabIndex={0}>
      <table className="sales-table">
        <caption>Totals by month</caption>
        <thead>
          <tr>
            <th scope="col" className="text">Month</th>
            <th scope="col">Sales</th>
            <th scope="col">Gross</th>
            <th scope="col">Stripe fees</th>
            <th scope="col">Print costs</th>
            <th scope="col">Earnings</th>
          </tr>
        </thead>
        <tbody>
          {report.months.map((m) => (
            <tr key={m.month}>
              <th scope="row" className="text">{monthLabel(m.month)}</th>
              <td>{m.sales}</td>
              <td>{money(m.gross, c)}</td>
              <td>{money(m.stripe_fees, c)}</td>
              <td>{money(m.print_costs, c)}</td>
              <td>{money(m.earnings, c)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="text">Total</th>
            <td>{report.totals.sales}</td>
            <td>{money(report.totals.gross, c)}</td>
            <td>{money(report.totals.stripe_fees, c)}</td>
            <td>{money(report.totals.print_costs, c)}</td>
            <td>{money(report.totals.earnings, c)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Sales({ report }: { report: SalesReport }) {
  return (
    <div className="table-scroll" role="region" aria-label="Sales" tabIndex={0}>
      <table className="sales-table">
        <caption>Sales, newest first</caption>
        <thead>
          <tr>
            <th scope="col" className="text">Date</th>
            <th scope="col" className="text">Book</th>
            <th scope="col">Edition</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Stripe fee</th>
            <th scope="col">Print cost</th>
            <th scope="col">Earnings</th>
          </tr>
        </thead>
        <tbody>
          {report.sales.map((sale) => (
            <tr key={sale.id}>
              <td className="text">{date(sale.paid_at ?? sale.created_at)}</td>
              <th scope="row" className="text" dir="auto">{sale.book_title}</th>
              <td>{editionLabel(sale.edition)}</td>
              <td aria-label={copies(sale.quantity)}>{sale.quantity}</td>
              <td>{money(sale.price, sale.currency)}</td>
              <td>{money(sale.stripe_fee, sale.currency)}</td>
              <td>{money(sale.print_cost, sale.currency)}</td>
              <td>{money(sale.earnings, sale.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard's Sales tab: what each sale earned the author, month by month, with the CSV of it. */
export function SalesTab({ userId, books }: { userId: string | undefined; books: readonly { id: string; title: string }[] }) {
  const [filter, setFilter] = useState<SalesFilter>({});
  const report = useQuery({ queryKey: ['sales', userId, filter], queryFn: () => fetchSales(filter), enabled: Boolean(userId), placeholderData: keepPreviousData });
  const [saving, setSaving] = useState(false);
  const [csvError, setCsvError] = useState<string | null>(null);
  const downloadCsv = () => {
    setSaving(true);
    setCsvError(null);
    saveFile(salesCsvUrl(filter), salesCsvName(new Date()))
      .catch((error: Error) => setCsvError(`Failed to download the CSV: ${error.message}`))
      .finally(() => setSaving(false));
  };

  const filtered = Boolean(filter.book || filter.edition);
  return (
    <>
      <div className="sales-toolbar">
        <Filters books={books} filter={filter} onChange={setFilter} />
        <button type="button" className="button button-secondary button-small" disabled={saving} onClick={downloadCsv}>
          {saving ? 'Downloading…' : 'Download CSV'}
        </button>
      </div>
      {csvError && <p className="error-text" role="alert">{csvError}</p>}
      {report.isPending && <Spinner label="Loading your sales…" />}
      {report.isError && (
        <div className="empty-state" role="alert">
          <p className="error-text">{report.error.message}</p>
          <button type="button" className="button" onClick={() => void report.refetch()}>Try Again</button>
        </div>
      )}
      {report.data && report.data.sales.length === 0 && (
        <div className="empty-state">
          <p>{filtered ? 'No sales match these filters.' : 'No sales yet.'}</p>
          {!filtered && <p className="muted">Publish a book to the shop from Book Projects: its e-book and printed copies sell at your prices.</p>}
        </div>
      )}
      {report.data && report.data.sales.length > 0 && (
        <div className="sales-report" aria-busy={report.isFetching}>
          <dl className="sales-totals" aria-label="Totals">
            <div>
              <dt>Sales</dt>
              <dd>{report.data.totals.sales}</dd>
            </div>
            <div>
              <dt>Gross</dt>
              <dd>{money(report.data.totals.gross, report.data.currency)}</dd>
            </div>
            <div>
              <dt>Earnings</dt>
              <dd>{money(report.data.totals.earnings, report.data.currency)}</dd>
            </div>
          </dl>
          <EarningsChart months={report.data.months} currency={report.data.currency} />
          <Months report={report.data} />
          <Sales report={report.data} />
        </div>
      )}
    </>
  );
}
