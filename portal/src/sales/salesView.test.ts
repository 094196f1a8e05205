import { describe, expect, it } from 'vitest';
import { money } from '../components/printFlow.ts';
import { chartScale, editionLabel, monthLabel } from './salesView.ts';

describe('how the Sales tab reads', () => {
  it('names months in UTC, long and short, and leaves anything else as it came', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01', true)).toBe('Jan 2027');
    expect(monthLabel('soon')).toBe('soon');
  });

  it('names the editions', () => {
    expect(editionLabel('ebook')).toBe('E-book');
    expect(editionLabel('print')).toBe('Print');
    expect(editionLabel('audio')).toBe('audio');
  });

  it('shows amounts in the sale currency, cents rounded', () => {
    expect(money(12.5, 'usd')).toBe('$12.50');
    expect(money(0.1 + 0.2, 'USD')).toBe('$0.30');
    expect(money(-1.05, 'USD')).toBe('-$1.05');
    expect(money(1250, 'EUR')).toBe('€1,250.00');
  });
});

describe('the chart of monthly earnings', () => {
  it('puts the months oldest first and makes the best month fill the box', () => {
    const scale = chartScale(
      [
        { month: '2026-11', earnings: 40 },
        { month: '2026-10', earnings: 10 },
      ],
      200,
      100,
      0.5,
    );
    expect(scale.bars.map((b) => b.month)).toEqual(['2026-10', '2026-11']);
    expect(scale.zeroY).toBe(100);
    const [october, november] = scale.bars;
    expect(november).toMatchObject({ y: 0, height: 100, x: 125, width: 50 });
    expect(october).toMatchObject({ y: 75, height: 25, x: 25, width: 50 });
  });

  it('draws a month that lost money below the zero line', () => {
    const scale = chartScale(
      [
        { month: '2026-09', earnings: 30 },
        { month: '2026-10', earnings: -10 },
      ],
      100,
      80,
    );
    expect(scale.zeroY).toBe(60);
    expect(scale.bars[1]).toMatchObject({ y: 60, height: 20, value: -10 });
    expect(scale.bars[0]).toMatchObject({ y: 0, height: 60 });
  });

  it('gives months of nothing no height, without dividing by zero, and an empty chart no bars', () => {
    const scale = chartScale([{ month: '2026-11', earnings: 0 }], 100, 50);
    expect(scale.bars[0]).toMatchObject({ height: 0, y: 0 });
    expect(Number.isFinite(scale.zeroY)).toBe(true);
    expect(chartScale([], 100, 50).bars).toEqual([]);
  });

  it('keeps a lone month a bar, centred, not a block', () => {
    expect(chartScale([{ month: '2026-11', earnings: 5 }], 600, 100, 0.25, 60).bars[0]).toMatchObject({ x: 270, width: 60, y: 0, height: 100 });
  });
});
