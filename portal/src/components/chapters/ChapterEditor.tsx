import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { CHAPTER_EDIT_LIMITS, chapterStats, readingMinutes } from '../../../../libs/domain/index.ts';
import { ImageDescriptionDialog, type ImageDescription } from './ImageDescriptionDialog.tsx';
import { MarkdownPreview } from './MarkdownPreview.tsx';
import { applyFormat, FORMAT_LABELS, FORMAT_SHORTCUTS, FORMATS, insertBlock, type Format } from './markdownFormat.ts';
import { useBookImages } from './useBookImages.ts';
import type { ChapterDraft, SaveState } from './useChapterDraft.ts';

export interface Selection {
  start: number;
  end: number;
}

const SHORTCUT_OF: Partial<Record<Format, string>> = Object.fromEntries(Object.entries(FORMAT_SHORTCUTS).map(([key, format]) => [format, key.toUpperCase()]));
/** The formats, then Upload image. */
const TOOL_COUNT = FORMATS.length + 1;
/** What the file picker offers: the types a book takes (the server checks the bytes). */
const IMAGE_ACCEPT = 'image/png,image/jpeg';

/** The saved state, always on screen: what happened to the last change, and what the author can do about a refusal. */
function SaveStatus({ status, onRetry, onReload }: { status: SaveState; onRetry: () => void; onReload: () => void }) {
  const text = {
    loading: 'Loading…',
    idle: 'All changes saved',
    unsaved: 'Unsaved changes',
    saving: 'Saving…',
    saved: 'Saved',
    failed: status.state === 'failed' ? `Not saved: ${status.message}` : '',
  }[status.state];
  return (
    <div className={`save-status save-${status.state}`}>
      <span role="status" aria-live="polite">{text}</span>
      {status.state === 'failed' && status.kind === 'stale' && (
        <button type="button" className="button button-secondary button-small" onClick={onReload}>Reload latest</button>
      )}
      {status.state === 'failed' && status.kind !== 'stale' && (
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>Retry</button>
      )}
    </div>
  );
}

/**
 * A chapter's editor (document 2, §2.5): its title, its Markdown with the formatting toolbar (Ctrl/Cmd+B, I, K) and
 * Upload image, a preview through the book's safe Markdown (with the book's own images), the words, pages and minutes
 * to read as the author types, and the saved state. `readOnly` says why the text cannot change right now. The text
 * runs in the direction it starts with, marked with the book's `language` (a tag) when the page knows it.
 */
export function ChapterEditor({
  projectId,
  draft,
  readOnly = null,
  onSelection,
  wordsPerMinute,
  language,
}: {
  projectId: string;
  draft: ChapterDraft;
  readOnly?: string | null;
  onSelection?: (selection: Selection) => void;
  /** The five-step wizard reads at 250 words a minute (§9); the editor's own footer at 200. */
  wordsPerMinute?: number;
  /** The book's language, as its tag. */
  language?: string;
}) {
  const ids = useId();
  const textId = `${ids}-text`;
  const area = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  // The toolbar is one stop for Tab; the arrow keys, Home and End move between its buttons.
  const [toolIndex, setToolIndex] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = { ArrowRight: toolIndex + 1, ArrowLeft: toolIndex - 1, Home: 0, End: TOOL_COUNT - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + TOOL_COUNT) % TOOL_COUNT;
    setToolIndex(index);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  // Where the selection goes once the formatted text is on screen.
  const pending = useRef<Selection | null>(null);
  const { images, upload } = useBookImages(projectId);
  const picker = useRef<HTMLInputElement>(null);
  // Where the caret was when the author chose Upload image: the file picker takes the focus away.
  const uploadAt = useRef<Selection>({ start: 0, end: 0 });
  // The text as it is when the upload ends: the author may type while the image goes up.
  const live = useRef(draft.content);
  live.current = draft.content;
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  useLayoutEffect(() => {
    const element = area.current;
    if (!pending.current || !element) return;
    element.focus();
    element.setSelectionRange(pending.current.start, pending.current.end);
    onSelection?.(pending.current);
    pending.current = null;
  }, [draft.content, onSelection]);

  // A selection made by a script or an assistive tool fires the native events only (React's onSelect follows the mouse and keys).
  useEffect(() => {
    const element = area.current;
    if (!element || !onSelection) return;
    const report = () => onSelection({ start: element.selectionStart, end: element.selectionEnd });
    element.addEventListener('select', report);
    element.addEventListener('selectionchange', report);
    return () => {
      element.removeEventListener('select', report);
      element.removeEventListener('selectionchange', report);
    };
  }, [mode, onSelection]);

  const stats = chapterStats(draft.content);
  const minutes = wordsPerMinute ? readingMinutes(stats.words, wordsPerMinute) : stats.minutes;
  const locked = Boolean(readOnly) || !draft.saved;

  const format = (kind: Format) => {
    const element = area.current;
    if (!element || locked) return;
    const next = applyFormat(kind, { text: draft.content, start: element.selectionStart, end: element.selectionEnd });
    pending.current = { start: next.start, end: next.end };
    if (next.text === draft.content) {
      element.focus();
      element.setSelectionRange(next.start, next.end);
      pending.current = null;
      return;
    }
    draft.setContent(next.text);
  };

  const chooseImage = () => {
    const element = area.current;
    if (!element || locked) return;
    uploadAt.current = { start: element.selectionStart, end: element.selectionEnd };
    setUploadError(null);
    picker.current?.click();
  };

  // The chosen file waits here while the author describes it.
  const [describing, setDescribing] = useState<File | null>(null);

  const onImageChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setDescribing(file);
  };

  const uploadDescribed = async (file: File, description: ImageDescription) => {
    setDescribing(null);
    setUploading(true);
    try {
      const image = await upload(file, description);
      const next = insertBlock({ text: live.current, ...uploadAt.current }, image.markdown);
      pending.current = { start: next.start, end: next.end };
      draft.setContent(next.text);
    } catch (error) {
      setUploadError((error as Error).message || 'The image could not be uploaded');
    } finally {
      setUploading(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const kind = FORMAT_SHORTCUTS[event.key.toLowerCase()];
    if (!kind) return;
    event.preventDefault();
    format(kind);
  };

  const reportSelection = () => {
    const element = area.current;
    if (element) onSelection?.({ start: element.selectionStart, end: element.selectionEnd });
  };

  if (draft.loadError) return <p className="error-banner" role="alert">{draft.loadError}</p>;

  return (
    <div className="chapter-editor">
      <div className="field">
        <label htmlFor={`${ids}-title`}>Chapter title</label>
        <input
          id={`${ids}-title`}
          lang={language}
          dir="auto"
          value={draft.title}
          maxLength={CHAPTER_EDIT_LIMITS.titleMax}
          readOnly={locked}
          onChange={(e) => draft.setTitle(e.target.value)}
          onBlur={draft.autosave}
        />
      </div>
      <div className="editor-bar">
        <div ref={toolbar} role="toolbar" aria-label="Formatting" aria-controls={textId} className="format-toolbar" onKeyDown={onToolbarKey}>
          {FORMATS.map((kind, index) => {
            const key = SHORTCUT_OF[kind];
            return (
              <button
                key={kind}
                type="button"
                className={`format-button format-${kind}`}
                tabIndex={index === toolIndex ? 0 : -1}
                onFocus={() => setToolIndex(index)}
                disabled={locked || mode === 'preview'}
                // Keep the selection in the text while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => format(kind)}
                aria-keyshortcuts={key ? `Control+${key} Meta+${key}` : undefined}
                title={key ? `${FORMAT_LABELS[kind]} (Ctrl+${key})` : FORMAT_LABELS[kind]}
              >
                {FORMAT_LABELS[kind]}
              </button>
            );
          })}
          <button
            type="button"
            className="format-button format-image"
            tabIndex={toolIndex === FORMATS.length ? 0 : -1}
            onFocus={() => setToolIndex(FORMATS.length)}
            disabled={locked || mode === 'preview' || uploading}
            onMouseDown={(e) => e.preventDefault()}
            onClick={chooseImage}
            title="Upload image (PNG or JPEG)"
          >
            {uploading ? 'Uploading…' : 'Upload image'}
          </button>
          <input ref={picker} type="file" accept={IMAGE_ACCEPT} hidden aria-label="Image to upload" onChange={onImageChosen} />
        </div>
        <div className="mode-toggle" role="group" aria-label="Editor mode">
          <button type="button" aria-pressed={mode === 'edit'} onClick={() => setMode('edit')}>Edit</button>
          <button type="button" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')}>Preview</button>
        </div>
      </div>
      {uploadError && <p className="error-text" role="alert">{uploadError}</p>}
      {describing && (
        <ImageDescriptionDialog
          fileName={describing.name}
          onDescribed={(description) => void uploadDescribed(describing, description)}
          onCancel={() => {
            setDescribing(null);
            area.current?.focus();
          }}
        />
      )}
      {mode === 'edit' ? (
        <textarea
          ref={area}
          id={textId}
          className="chapter-text"
          rows={16}
          aria-label="Chapter text"
          aria-describedby={readOnly ? `${ids}-locked` : undefined}
          lang={language}
          dir="auto"
          value={draft.content}
          readOnly={locked}
          maxLength={CHAPTER_EDIT_LIMITS.contentMaxChars}
          onChange={(e) => draft.setContent(e.target.value)}
          onKeyDown={onKeyDown}
          onSelect={reportSelection}
          onBlur={draft.autosave}
        />
      ) : (
        <MarkdownPreview markdown={draft.content} label="Chapter preview" images={images} language={language} />
      )}
      {readOnly && <p id={`${ids}-locked`} className="muted">{readOnly}</p>}
      <div className="editor-footer">
        <p className="muted" aria-label="Chapter statistics">
          {stats.words.toLocaleString('en-US')} words · {stats.pages} {stats.pages === 1 ? 'page' : 'pages'} · {minutes} min read
        </p>
        <SaveStatus status={draft.status} onRetry={() => void draft.flush()} onReload={() => void draft.reload()} />
      </div>
    </div>
  );
}
