import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../Spinner.tsx';
import type { ChapterWorkspace as LoadedWorkspace } from './ChapterWorkspace.tsx';

const Workspace = lazy(async () => ({ default: (await import('./ChapterWorkspace.tsx')).ChapterWorkspace }));

/**
 * The chapter workspace for the generators, loaded when a chapter is first shown: its Markdown editor and preview are
 * the largest part of their code, and a generator's first page (the book's details) needs none of it.
 */
export function ChapterWorkspace(props: ComponentProps<typeof LoadedWorkspace>) {
  return (
    <Suspense fallback={<Spinner label="Loading the chapter…" />}>
      <Workspace {...props} />
    </Suspense>
  );
}
