import type { DiffPart } from './wordDiff.ts';

/**
 * A word diff as text with its removals struck through (<del>) and its additions underlined (<ins>); screen readers
 * hear where each starts and ends, since most do not announce the two elements by themselves.
 */
export function DiffView({ parts, label }: { parts: DiffPart[]; label: string }) {
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <div className="diff-view" role="region" aria-label={label} tabIndex={0}>
      {changed ? (
        parts.map((part, i) =>
          part.added ? (
            <ins key={i}>
              <span className="visually-hidden">[added: </span>
              {part.value}
              <span className="visually-hidden">]</span>
            </ins>
          ) : part.removed ? (
            <del key={i}>
              <span className="visually-hidden">[removed: </span>
              {part.value}
              <span className="visually-hidden">]</span>
            </del>
          ) : (
            <span key={i}>{part.value}</span>
          ),
        )
      ) : (
        <p className="muted">No differences.</p>
      )}
    </div>
  );
}
