import { NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import type { Previews } from '../../../../libs/contracts/index.ts';
import type { GeneratorProject } from '../../../../libs/db/index.ts';
import type { StorageService } from '../../../../libs/storage/index.ts';
import { downloadsOf, sendObject } from './project-files.ts';

/** The page of the book a preview image shows, from its key (…/preview-7.png); blank versos have none. */
const previewPageNumber = (key: string) => {
  const n = Number(/preview-(\d+)\.png$/.exec(key)?.[1]);
  return Number.isInteger(n) ? n : null;
};

/** The preview images a project has: its first pages and the front cover. */
export function previewsOf(project: GeneratorProject, base: string): Previews {
  const cover = downloadsOf(project, base)['cover-png'];
  return {
    page_count: project.pageCount ?? null,
    pages: (project.previewKeys ?? []).map((key, i) => ({ page: previewPageNumber(key) ?? i + 1, url: `${base}/preview/${i + 1}` })),
    cover: cover ? `${cover}?inline=1` : null,
  };
}

export async function sendPreview(res: Response, storage: StorageService, project: GeneratorProject, page: string): Promise<void> {
  const n = Number(page);
  const key = Number.isInteger(n) && n >= 1 ? project.previewKeys?.[n - 1] : undefined;
  if (!key) throw new NotFoundException(`No preview of page ${page}`);
  await sendObject(res, storage, key, { type: 'image/png', name: `page-${n}.png`, inline: true });
}
