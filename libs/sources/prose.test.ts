import { describe, expect, it } from 'vitest';
import { markdownProse, markdownTitle, sourceTitle } from './prose.ts';
import { passagesOf } from './extract.ts';

const notes = `---
layout: note
---

# Field notes on *remote* trust

Trust grows when **managers** share context early. See [the handbook](https://example.com/h) and ![a chart](c.png).

## Rituals

- Weekly check-ins, _written_ first
1. A \`#standup\` channel

> Teams that write decisions down argue less.

\`\`\`js
const secret = '# not prose';
\`\`\`

| a | b |
|---|---|
| 1 | 2 |

Setext heading
--------------

Snake_case_names and 5 * 3 stay.`;

describe('source prose', () => {
  it('drops headings, code, tables and rules, and removes list, quote, link and emphasis markers', () => {
    expect(markdownProse(notes)).toBe(
      [
        'Trust grows when managers share context early. See the handbook and.',
        'Weekly check-ins, written first',
        'A #standup channel',
        'Teams that write decisions down argue less.',
        'Snake_case_names and 5 * 3 stay.',
      ].join('\n\n'),
    );
  });

  it('cuts passages from prose: no #, ** or link syntax reaches a quote, and each passage names its source by title', () => {
    const passages = passagesOf([{ n: 1, filename: 'notes.md', title: 'Field notes on remote trust', text: markdownProse(notes) }]);
    const quoted = passages.map((p) => p.text).join(' ');
    expect(quoted).not.toMatch(/\*\*|(^|\s)#+\s|\]\(|`|secret/);
    expect(quoted).toContain('Trust grows when managers share context early.');
    expect(passages.every((p) => p.source === 'Field notes on remote trust')).toBe(true);
  });

  it('takes a title from front matter, the first heading, or document metadata, else the file name', () => {
    expect(markdownTitle(notes)).toBe('Field notes on remote trust');
    expect(markdownTitle('---\ntitle: "Trust at a Distance"\n---\n# Other')).toBe('Trust at a Distance');
    expect(markdownTitle('```\n# code\n```\n\nThe Title\n=========\n')).toBe('The Title');
    expect(sourceTitle({ filename: 'notes.md', kind: 'md', text: 'No heading here.' })).toBe('notes.md');
    expect(sourceTitle({ filename: 'paper.pdf', kind: 'pdf', text: '# looks like a heading', metadataTitle: 'Distributed Leadership' })).toBe('Distributed Leadership');
    expect(sourceTitle({ filename: 'memo.docx', kind: 'docx', text: 'Body', metadataTitle: 'Microsoft Word - memo.docx' })).toBe('memo.docx');
  });
});
