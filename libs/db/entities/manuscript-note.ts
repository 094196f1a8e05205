import { defineEntity, p } from '@mikro-orm/core';
import { CHAPTER_EDITOR_ROLES, SUGGESTION_STATUSES } from '../../domain/index.ts';
import { EliteRequest } from './elite-request.ts';
import { GeneratorProject } from './generator-project.ts';
import { User } from './user.ts';

/**
 * The columns a comment and a suggestion share: the chapter (its number, moved with the chapter when the outline is
 * edited), who wrote it and for which Elite request, and the anchored passage (its quote, its offsets and the text
 * around it, at the chapter version it was written on). Fresh builders for each entity.
 */
const anchoredNoteProperties = () => ({
  id: p.uuid().primary(),
  project: () => p.manyToOne(GeneratorProject).deleteRule('cascade'),
  chapter: p.integer(),
  /** The Elite request a team member wrote it for. */
  eliteRequest: () => p.manyToOne(EliteRequest).nullable().deleteRule('set null'),
  writer: () => p.manyToOne(User).nullable().deleteRule('set null'),
  writerRole: p.enum(CHAPTER_EDITOR_ROLES),
  quote: p.text(),
  anchorStart: p.integer(),
  anchorEnd: p.integer(),
  prefix: p.text(),
  suffix: p.text(),
  baseVersion: p.integer(),
  createdAt: p.datetime().onCreate(() => new Date()),
});

/** A comment thread on a chapter, anchored to a passage. */
export const ManuscriptCommentSchema = defineEntity({
  name: 'ManuscriptComment',
  tableName: 'manuscript_comments',
  indexes: [{ properties: ['project', 'chapter'] }],
  properties: {
    ...anchoredNoteProperties(),
    body: p.text(),
    resolvedAt: p.datetime().nullable(),
    resolvedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    resolvedByRole: p.enum(CHAPTER_EDITOR_ROLES).nullable(),
  },
});
export class ManuscriptComment extends ManuscriptCommentSchema.class {}
ManuscriptCommentSchema.setClass(ManuscriptComment);

/** A reply in a comment's thread. */
export const ManuscriptReplySchema = defineEntity({
  name: 'ManuscriptReply',
  tableName: 'manuscript_replies',
  properties: {
    id: p.uuid().primary(),
    comment: () => p.manyToOne(ManuscriptComment).deleteRule('cascade').index(),
    writer: () => p.manyToOne(User).nullable().deleteRule('set null'),
    writerRole: p.enum(CHAPTER_EDITOR_ROLES),
    body: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ManuscriptReply extends ManuscriptReplySchema.class {}
ManuscriptReplySchema.setClass(ManuscriptReply);

/** A team member's proposal to replace a passage of a chapter, until the author accepts (a new chapter version) or rejects it. */
export const ManuscriptSuggestionSchema = defineEntity({
  name: 'ManuscriptSuggestion',
  tableName: 'manuscript_suggestions',
  indexes: [{ properties: ['project', 'chapter'] }],
  properties: {
    ...anchoredNoteProperties(),
    replacement: p.text(),
    note: p.text().nullable(),
    status: p.enum(SUGGESTION_STATUSES).default('pending'),
    decidedAt: p.datetime().nullable(),
    decidedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The chapter version accepting it made. */
    appliedVersion: p.integer().nullable(),
  },
});
export class ManuscriptSuggestion extends ManuscriptSuggestionSchema.class {}
ManuscriptSuggestionSchema.setClass(ManuscriptSuggestion);
