import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AcceptSuggestionResponse, ChapterNotesView, CommentThreadView, SuggestionView } from '../../../../libs/contracts/index.ts';
import { BookProject, writeChapter } from '../../../../libs/db/index.ts';
import { DEFAULT_TEAM_DISPLAY_NAME, EditingMessages, InputMessages, NOTE_LIMITS, NoteMessages } from '../../../../libs/domain/index.ts';
import { insertEliteRequest } from '../../../../testing/elite-requests.ts';
import { testConfig } from '../../../../testing/index.ts';
import { insertSavedBook } from '../../../../testing/saved-books.ts';
import { apiClient, serveWithWorker } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);
const orm = () => served.engine.deps.orm;

const OPENING = 'The harbour woke before the town did. Gulls argued over the nets while the ferry coughed into life.';
const SECOND = 'Mara counted the crates twice, because the first count was always wrong.';

interface Person {
  token: string;
  id: string;
  email: string;
}
let author: Person;
let team: Person;
let colleague: Person;
let stranger: Person;

async function person(role?: 'elite_team'): Promise<Person> {
  const account = await signUpAccount();
  if (role) await orm().em.fork().getConnection().execute('update profiles set role = ? where id = ?', [role, account.id]);
  return { ...account, email: (await call('GET', '/profile', undefined, account.token)).body.email as string };
}

/** A saved book of the author with two written chapters, and an Elite request about it: the project's and the request's ids. */
async function bookUnderReview(): Promise<{ project: string; request: string }> {
  const book = await insertSavedBook({ orm: orm(), storage: served.engine.deps.storage }, author.id, { title: 'Harbour Lights' });
  const em = orm().em.fork();
  const project = (await em.findOneOrFail(BookProject, { id: book })).generatorProject.id;
  await writeChapter(em, { projectId: project, number: 1, title: 'Morning', content: `${OPENING}\n\n${SECOND}`, source: 'generated', by: 'mock' });
  await writeChapter(em, { projectId: project, number: 2, title: 'Evening', content: 'The lamps came on one by one.', source: 'generated', by: 'mock' });
  const request = await insertEliteRequest(orm(), { id: author.id, email: author.email, role: 'author' }, { bookProjectId: book });
  return { project, request };
}

const authorPath = (project: string, rest: string, n = 1) => `/projects/${project}/chapters/${n}/${rest}`;
const teamPath = (request: string, rest: string, n = 1) => `/admin/elite-requests/${request}/chapters/${n}/${rest}`;
const passage = (text: string, quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length, quote });
/** Where a passage is in a text, as a note's `anchor.current` says. */
const rangeOf = (text: string, quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length });
/** The team's suggestion to replace a passage of the chapter as bookUnderReview writes it. */
const suggestIn = async (request: string, quote: string, replacement: string) =>
  (await call('POST', teamPath(request, 'suggestions'), { ...passage(`${OPENING}\n\n${SECOND}`, quote), replacement }, team.token)).body as unknown as SuggestionView;
const notesOf = async (path: string, token: string) => {
  const answer = await call('GET', path, undefined, token);
  expect(answer.status).toBe(200);
  return answer.body as unknown as ChapterNotesView;
};

beforeAll(async () => {
  [author, team, colleague, stranger] = await Promise.all([person(), person('elite_team'), person('elite_team'), person()]);
});

describe('comments on a passage', () => {
  it('are written, answered, resolved and reopened by the author and the team alike; the author never sees a team address', async () => {
    const { project, request } = await bookUnderReview();
    const text = (await notesOf(teamPath(request, 'notes'), team.token)).chapter.content;

    const created = await call('POST', teamPath(request, 'comments'), { ...passage(text, 'Gulls argued over the nets'), body: 'Lovely image: keep it.' }, team.token);
    expect(created.status).toBe(201);
    const thread = created.body as unknown as CommentThreadView;
    expect(thread).toMatchObject({ body: 'Lovely image: keep it.', resolved: false, by: { role: 'team', you: true }, anchor: { quote: 'Gulls argued over the nets', detached: false, base_version: 1 } });

    const seen = await call('GET', authorPath(project, 'notes'), undefined, author.token);
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain(team.email);
    const authorView = seen.body as unknown as ChapterNotesView;
    expect(authorView.comments).toMatchObject([{ id: thread.id, by: { role: 'team', name: DEFAULT_TEAM_DISPLAY_NAME, you: false }, anchor: { current: rangeOf(text, 'Gulls argued over the nets') } }]);

    const replied = await call('POST', authorPath(project, `comments/${thread.id}/replies`), { body: 'Thank you, I will.' }, author.token);
    expect(replied.status).toBe(201);
    const teamSees = (await notesOf(teamPath(request, 'notes'), team.token)).comments[0];
    expect(teamSees?.replies).toMatchObject([{ body: 'Thank you, I will.', by: { role: 'author', you: false } }]);

    const resolved = await call('POST', authorPath(project, `comments/${thread.id}/resolve`), undefined, author.token);
    expect(resolved.body).toMatchObject({ resolved: true, resolved_by: { role: 'author', you: true } });
    expect((await notesOf(teamPath(request, 'notes'), team.token)).comments[0]).toMatchObject({ resolved: true, resolved_by: { role: 'author' } });
    const reopened = await call('POST', teamPath(request, `comments/${thread.id}/reopen`), undefined, team.token);
    expect(reopened.body).toMatchObject({ resolved: false, resolved_by: null });
    expect((await call('POST', teamPath(request, `comments/${thread.id}/resolve`), undefined, team.token)).body).toMatchObject({ resolved: true, resolved_by: { role: 'team', you: true } });

    // The author comments too, and the team's list of chapters counts what is open.
    expect((await call('POST', authorPath(project, 'comments'), { ...passage(text, 'counted the crates twice'), body: 'Is this too slow?' }, author.token)).status).toBe(201);
    const manuscript = await call('GET', `/admin/elite-requests/${request}/manuscript-notes`, undefined, team.token);
    expect(manuscript.body).toMatchObject({ project_id: project, chapters: [{ number: 1, title: 'Morning', open_comments: 1, pending_suggestions: 0 }, { number: 2, open_comments: 0 }] });
  });

  it('follow their passage through edits, and show as detached once it is gone', async () => {
    const { project, request } = await bookUnderReview();
    const text = `${OPENING}\n\n${SECOND}`;
    const comment = (await call('POST', teamPath(request, 'comments'), { ...passage(text, 'counted the crates'), body: 'Which crates?' }, team.token)).body as unknown as CommentThreadView;

    const moved = `A new first line.\n\n${text}`;
    expect((await call('PUT', `/projects/${project}/chapters/1`, { title: 'Morning', content: moved, base_version: 1 }, author.token)).status).toBe(200);
    const after = (await notesOf(authorPath(project, 'notes'), author.token)).comments.find((c) => c.id === comment.id);
    expect(after?.anchor).toMatchObject({ detached: false, current: rangeOf(moved, 'counted the crates'), start: rangeOf(text, 'counted the crates').start });

    expect((await call('PUT', `/projects/${project}/chapters/1`, { title: 'Morning', content: moved.replace('counted the crates', 'weighed the boxes'), base_version: 2 }, author.token)).status).toBe(200);
    const gone = (await notesOf(teamPath(request, 'notes'), team.token)).comments.find((c) => c.id === comment.id);
    expect(gone).toMatchObject({ body: 'Which crates?', anchor: { detached: true, current: null, quote: 'counted the crates' } });
  });
});

describe('suggested changes', () => {
  it("accepted by the author become the chapter's next version, saying who suggested and who accepted", async () => {
    const { project, request } = await bookUnderReview();
    const text = `${OPENING}\n\n${SECOND}`;
    const made = await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'coughed into life'), replacement: 'rumbled awake', note: 'Fresher verb.' }, team.token);
    expect(made.status).toBe(201);
    const suggestion = made.body as unknown as SuggestionView;
    expect(suggestion).toMatchObject({ status: 'pending', replacement: 'rumbled awake', note: 'Fresher verb.', anchor: { quote: 'coughed into life', detached: false } });
    const shown = (await notesOf(authorPath(project, 'notes'), author.token)).suggestions;
    expect(shown).toMatchObject([{ id: suggestion.id, status: 'pending', by: { role: 'team', name: DEFAULT_TEAM_DISPLAY_NAME } }]);

    const accepted = await call('POST', authorPath(project, `suggestions/${suggestion.id}/accept`), undefined, author.token);
    expect(accepted.status).toBe(200);
    const answer = accepted.body as unknown as AcceptSuggestionResponse;
    expect(answer.chapter).toMatchObject({ number: 1, version: 2, content: text.replace('coughed into life', 'rumbled awake') });
    expect(answer.suggestion).toMatchObject({ status: 'accepted', applied_version: 2, decided_by: { role: 'author', you: true } });

    const versions = (await call('GET', authorPath(project, 'versions'), undefined, author.token)).body as { versions: { version: number; source: string; by: string }[] };
    expect(versions.versions[0]).toMatchObject({ version: 2, source: 'suggestion', by: `the author, suggested by ${DEFAULT_TEAM_DISPLAY_NAME}` });
    expect((await call('GET', `/projects/${project}/chapters/1`, undefined, author.token)).body).toMatchObject({ content: text.replace('coughed into life', 'rumbled awake') });

    const twice = await call('POST', authorPath(project, `suggestions/${suggestion.id}/accept`), undefined, author.token);
    expect(twice).toMatchObject({ status: 409, body: { message: NoteMessages.suggestionClosed } });
    expect((await notesOf(teamPath(request, 'notes'), team.token)).suggestions[0]).toMatchObject({ status: 'accepted', applied_version: 2 });
  });

  it('rejected by the author leave the text as it was', async () => {
    const { project, request } = await bookUnderReview();
    const text = `${OPENING}\n\n${SECOND}`;
    const suggestion = (await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'twice, '), replacement: '' }, team.token)).body as unknown as SuggestionView;
    const rejected = await call('POST', authorPath(project, `suggestions/${suggestion.id}/reject`), undefined, author.token);
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected', applied_version: null } });
    expect((await call('GET', `/projects/${project}/chapters/1`, undefined, author.token)).body).toMatchObject({ content: text, version: 1 });
    expect((await call('POST', authorPath(project, `suggestions/${suggestion.id}/accept`), undefined, author.token)).status).toBe(409);
  });

  it('whose passage changed since are refused, and one elsewhere in the chapter still applies', async () => {
    const { project, request } = await bookUnderReview();
    const text = `${OPENING}\n\n${SECOND}`;
    const stale = (await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'the first count was always wrong'), replacement: 'the first count never added up' }, team.token)).body as unknown as SuggestionView;
    const moved = (await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'The harbour woke'), replacement: 'The harbour stirred' }, team.token)).body as unknown as SuggestionView;
    const edited = text.replace('always wrong', 'a little wrong');
    expect((await call('PUT', `/projects/${project}/chapters/1`, { title: 'Morning', content: edited, base_version: 1 }, author.token)).status).toBe(200);

    const refused = await call('POST', authorPath(project, `suggestions/${stale.id}/accept`), undefined, author.token);
    expect(refused).toMatchObject({ status: 409, body: { message: NoteMessages.passageChanged } });
    expect((await notesOf(authorPath(project, 'notes'), author.token)).suggestions.find((s) => s.id === stale.id)).toMatchObject({ status: 'pending', anchor: { detached: true } });

    const applied = await call('POST', authorPath(project, `suggestions/${moved.id}/accept`), undefined, author.token);
    expect(applied.body).toMatchObject({ chapter: { version: 3, content: edited.replace('The harbour woke', 'The harbour stirred') } });
  });
});

describe('a withdrawn suggestion', () => {
  it('is taken back by the member who made it while pending: the author no longer sees it and accepting it is refused', async () => {
    const { project, request } = await bookUnderReview();
    const [mine, kept] = [await suggestIn(request, 'Gulls argued', 'Gulls quarrelled'), await suggestIn(request, 'counted the crates', 'tallied the crates')];
    const withdraw = (id: string, who: Person) => call('POST', teamPath(request, `suggestions/${id}/withdraw`), undefined, who.token);

    expect(await withdraw(mine.id, colleague)).toMatchObject({ status: 403, body: { message: NoteMessages.notYourSuggestion } });
    expect((await withdraw(mine.id, author)).status).toBe(403);
    expect(await withdraw(mine.id, team)).toMatchObject({ status: 200, body: { id: mine.id, status: 'withdrawn', by: { you: true } } });
    // Once more changes nothing.
    expect(await withdraw(mine.id, team)).toMatchObject({ status: 200, body: { status: 'withdrawn' } });

    expect((await notesOf(authorPath(project, 'notes'), author.token)).suggestions.map((s) => s.id)).toEqual([kept.id]);
    expect((await notesOf(teamPath(request, 'notes'), team.token)).suggestions.map((s) => [s.id, s.status])).toEqual([
      [mine.id, 'withdrawn'],
      [kept.id, 'pending'],
    ]);
    expect(await call('POST', authorPath(project, `suggestions/${mine.id}/accept`), undefined, author.token)).toMatchObject({ status: 409, body: { message: NoteMessages.suggestionWithdrawn } });
    expect(await call('POST', authorPath(project, `suggestions/${mine.id}/reject`), undefined, author.token)).toMatchObject({ status: 409, body: { message: NoteMessages.suggestionWithdrawn } });
    expect((await call('GET', `/projects/${project}/chapters/1`, undefined, author.token)).body).toMatchObject({ content: `${OPENING}\n\n${SECOND}`, version: 1 });

    // A decided one stays as decided.
    expect((await call('POST', authorPath(project, `suggestions/${kept.id}/reject`), undefined, author.token)).status).toBe(200);
    expect(await withdraw(kept.id, team)).toMatchObject({ status: 409, body: { message: NoteMessages.suggestionClosed } });
  });
});

describe('notes on a closed Elite request', () => {
  it.each(['completed', 'cancelled', 'declined'] as const)('are read-only once the request is %s, for the team and the author alike', async (status) => {
    const { project, request } = await bookUnderReview();
    const text = `${OPENING}\n\n${SECOND}`;
    const comment = (await call('POST', teamPath(request, 'comments'), { ...passage(text, 'harbour'), body: 'Harbor?' }, team.token)).body as unknown as CommentThreadView;
    const suggestion = await suggestIn(request, 'ferry', 'boat');
    expect((await notesOf(authorPath(project, 'notes'), author.token)).read_only).toBeNull();
    await orm().em.fork().getConnection().execute('update elite_requests set status = ? where id = ?', [status, request]);

    const closed = { status: 409, body: { message: NoteMessages.requestClosed } };
    const teamWrites: Record<string, object | undefined> = {
      comments: { ...passage(text, 'Gulls'), body: 'More?' },
      [`comments/${comment.id}/replies`]: { body: 'Still there?' },
      suggestions: { ...passage(text, 'Gulls'), replacement: 'Terns' },
      [`suggestions/${suggestion.id}/withdraw`]: undefined,
      [`comments/${comment.id}/resolve`]: undefined,
    };
    for (const [rest, body] of Object.entries(teamWrites)) expect(await call('POST', teamPath(request, rest), body, team.token), rest).toMatchObject(closed);
    const authorWrites: Record<string, object | undefined> = {
      comments: { ...passage(text, 'Gulls'), body: 'Mine' },
      [`comments/${comment.id}/replies`]: { body: 'Thanks' },
      [`suggestions/${suggestion.id}/accept`]: undefined,
    };
    for (const [rest, body] of Object.entries(authorWrites)) expect(await call('POST', authorPath(project, rest), body, author.token), rest).toMatchObject(closed);
    // Still read by both, saying why nothing can be added.
    const teamView = await notesOf(teamPath(request, 'notes'), team.token);
    expect(teamView).toMatchObject({ read_only: NoteMessages.requestClosed, comments: [{ id: comment.id, replies: [] }], suggestions: [{ id: suggestion.id, status: 'pending' }] });
    expect((await notesOf(authorPath(project, 'notes'), author.token)).read_only).toBe(NoteMessages.requestClosed);
  });
});

describe('who may reach the notes, and what they may send', () => {
  it('answers another author 404 on every route, a plain user 403 on the team routes, and refuses bad input with its reason', async () => {
    const { project, request } = await bookUnderReview();
    const text = `${OPENING}\n\n${SECOND}`;
    const comment = (await call('POST', teamPath(request, 'comments'), { ...passage(text, 'harbour'), body: 'Harbor or harbour?' }, team.token)).body as unknown as CommentThreadView;
    const suggestion = (await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'harbour'), replacement: 'harbor' }, team.token)).body as unknown as SuggestionView;

    for (const [method, path, body] of [
      ['GET', authorPath(project, 'notes'), undefined],
      ['POST', authorPath(project, 'comments'), { ...passage(text, 'harbour'), body: 'Mine now' }],
      ['POST', authorPath(project, `comments/${comment.id}/replies`), { body: 'Hello' }],
      ['POST', authorPath(project, `comments/${comment.id}/resolve`), undefined],
      ['POST', authorPath(project, `suggestions/${suggestion.id}/accept`), undefined],
      ['POST', authorPath(project, `suggestions/${suggestion.id}/reject`), undefined],
    ] as const) {
      expect((await call(method, path, body, stranger.token)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', teamPath(request, 'notes'), undefined, stranger.token)).status).toBe(403);
    expect((await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'harbour'), replacement: 'x' }, author.token)).status).toBe(403);
    // The author's routes are the owner's, even for a team member.
    expect((await call('POST', authorPath(project, `suggestions/${suggestion.id}/accept`), undefined, team.token)).status).toBe(404);
    // A thread of one chapter is not found under another.
    expect((await call('POST', authorPath(project, `comments/${comment.id}/resolve`, 2), undefined, author.token)).body).toMatchObject({ message: NoteMessages.commentNotFound });
    const noBook = await insertEliteRequest(orm(), { id: author.id, email: author.email, role: 'author' });
    expect((await call('GET', teamPath(noBook, 'notes'), undefined, team.token)).body).toMatchObject({ message: NoteMessages.noBook });
    expect((await call('GET', teamPath(randomUUID(), 'notes'), undefined, team.token)).status).toBe(404);

    const bad: [object, number, string][] = [
      [{ ...passage(text, 'harbour'), body: '   ' }, 400, NoteMessages.bodyRequired],
      [{ ...passage(text, 'harbour'), body: 'x'.repeat(NOTE_LIMITS.bodyMax + 1) }, 400, NoteMessages.bodyTooLong],
      [{ ...passage(text, 'harbour'), body: 'nul \u0000 here' }, 400, InputMessages.nulCharacter('body')],
      [{ start: 5, end: 2, quote: 'x', body: 'Backwards' }, 409, NoteMessages.quoteMismatch],
      [{ start: 0, end: 7, quote: 'Nothing', body: 'Not there' }, 409, NoteMessages.quoteMismatch],
      [{ start: 0, end: 1, quote: '', body: 'Empty' }, 400, NoteMessages.quoteRequired],
      [{ start: 'a', end: 1, quote: 'T', body: 'Words' }, 400, NoteMessages.offsets],
    ];
    for (const [body, status, message] of bad) {
      expect(await call('POST', authorPath(project, 'comments'), body, author.token), JSON.stringify(body).slice(0, 80)).toMatchObject({ status, body: { message } });
    }
    expect((await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'harbour'), replacement: 'harbour' }, team.token)).body).toMatchObject({ message: NoteMessages.sameText });
    expect((await call('POST', teamPath(request, 'suggestions'), { ...passage(text, 'harbour'), replacement: 'y'.repeat(NOTE_LIMITS.replacementMax + 1) }, team.token)).body).toMatchObject({ message: NoteMessages.replacementTooLong });
    expect((await call('GET', authorPath(project, 'notes', 9), undefined, author.token)).body).toMatchObject({ message: EditingMessages.chapterNotFound });
  });
});
