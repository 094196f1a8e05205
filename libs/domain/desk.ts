// The Elite team's desk (issue 31): who saved a chapter's version, and the manuscript as a download.

/** In what capacity a person saved a chapter's version or wrote a note on it: the book's author, or a member of the Elite team working its request. */
export const CHAPTER_EDITOR_ROLES = ['author', 'team'] as const;
export type ChapterEditorRole = (typeof CHAPTER_EDITOR_ROLES)[number];

/** The manuscript from its current text, made on request (nothing to build): the whole book in Word, or its chapters in Markdown. */
export const MANUSCRIPT_DOWNLOADS = {
  docx: { label: 'DOCX', suffix: 'manuscript.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  markdown: { label: 'Markdown', suffix: 'manuscript.md', type: 'text/markdown; charset=utf-8' },
} as const;
export type ManuscriptDownload = keyof typeof MANUSCRIPT_DOWNLOADS;
export const MANUSCRIPT_DOWNLOAD_FORMATS = Object.keys(MANUSCRIPT_DOWNLOADS) as ManuscriptDownload[];

export const DeskMessages = {
  format: `format must be one of ${MANUSCRIPT_DOWNLOAD_FORMATS.join(', ')}`,
  noBook: 'This request has no book yet: it gets one from its first revised manuscript',
  closed: 'This request is closed: its book is no longer edited by the team',
  noAssistant: "The AI Writing Assistant is the author's: save the text itself",
} as const;
