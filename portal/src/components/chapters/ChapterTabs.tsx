import { useRef, type KeyboardEvent } from 'react';

/** Numbered chapter tabs (a tablist: arrow keys, Home and End move between them); `panelId` is the tab panel they control. */
export function ChapterTabs({ chapters, current, panelId, onPick }: { chapters: { number: number; title: string }[]; current: number; panelId: string; onPick: (n: number) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = chapters.findIndex((c) => c.number === current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: chapters.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = chapters[(next + chapters.length) % chapters.length];
    if (!target) return;
    onPick(target.number);
    list.current?.querySelector<HTMLElement>(`[data-chapter="${target.number}"]`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Chapters" className="tabs chapter-tab-list" onKeyDown={onKeyDown}>
      {chapters.map((c) => (
        <button
          key={c.number}
          type="button"
          role="tab"
          id={`${panelId}-tab-${c.number}`}
          data-chapter={c.number}
          aria-selected={c.number === current}
          aria-controls={panelId}
          tabIndex={c.number === current ? 0 : -1}
          title={c.title}
          onClick={() => onPick(c.number)}
        >
          Chapter {c.number}
        </button>
      ))}
    </div>
  );
}
