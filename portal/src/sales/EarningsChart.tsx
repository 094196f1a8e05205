import type { SalesMonth } from '../../../libs/contracts/index.ts';
import { money } from '../components/printFlow.ts';
import { chartScale, monthLabel } from './salesView.ts';

const WIDTH = 600;
const HEIGHT = 180;
const LABELS = 22;

/**
 * Earnings by month as bars (inline SVG: no chart library in the authors' bundle). The picture is one image with a
 * text name; the months table beside it has the figures for anyone who does not see it.
 */
export function EarningsChart({ months, currency }: { months: readonly SalesMonth[]; currency: string }) {
  if (!months.length) return null;
  const scale = chartScale(months, WIDTH, HEIGHT, 0.25, 64);
  const summary = scale.bars.map((bar) => `${monthLabel(bar.month)}: ${money(bar.value, currency)}`).join('; ');
  return (
    <figure className="sales-chart">
      <figcaption>Earnings by month</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + LABELS}`} role="img" aria-label={`Earnings by month. ${summary}`}>
        {scale.bars.map((bar) => (
          <g key={bar.month}>
            <rect className={bar.value < 0 ? 'sales-bar sales-bar-loss' : 'sales-bar'} x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, bar.value ? 1 : 0)}>
              <title>{`${monthLabel(bar.month)}: ${money(bar.value, currency)}`}</title>
            </rect>
            <text className="sales-chart-label" x={bar.x + bar.width / 2} y={HEIGHT + LABELS - 6} textAnchor="middle">
              {monthLabel(bar.month, true)}
            </text>
          </g>
        ))}
        <line className="sales-chart-zero" x1={0} x2={WIDTH} y1={scale.zeroY} y2={scale.zeroY} />
      </svg>
    </figure>
  );
}
