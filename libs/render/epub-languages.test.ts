import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { renderEpub } from './epub.ts';

it('scratch', async () => {
  const book = { title: 'كتاب', author: 'مؤلف', language: 'ar', introduction: 'مقدمة', chapters: [{ number: 1, title: 'الأول', content: '## عنوان\n\nنص *مائل* John Smith 2024.[^1]\n\n- أ\n- ب\n\n> اقتباس\n\n[^1]: حاشية.' }], summary: 'خلاصة', references: [{ n: 1, filename: 'a.md', passages: ['x'] }] };
  const dir = mkdtempSync(join(tmpdir(), 'epub-'));
  const file = join(dir, 'book.epub');
  writeFileSync(file, await renderEpub(book as never));
  execFileSync('unzip', ['-o', '-d', '/tmp/scratch/ar', file]);
  console.log(execFileSync('java', ['-jar', '/usr/share/java/epubcheck.jar', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
}, 60000);
