import { defineEntity, p } from '@mikro-orm/core';
import { ASSIST_ACTIONS, ASSIST_STATUSES, CHAPTER_EDITOR_ROLES, CHAPTER_VERSION_SOURCES } from '../../domain/index.ts';
import { GeneratorProject } from './generator-project.ts';

/**
 * One version of a chapter: every write of a chapter's text (generation, regeneration, the author's save, an accepted
 * assistant change, a restore, a revised manuscript) adds one, so nothing written is ever lost. The chapter's current
 * text stays in generated_chapters; this is its history.
 */
export const ChapterVersionSchema = defineEntity({
  name: 'ChapterVersion',
  tableName: 'chapter_versions',
  uniques: [{ properties: ['project', 'chapter', 'version'] }],
  properties: {
    id: p.uuid().primary(),
    project: () => p.manyToOne(GeneratorProject).deleteRule('cascade'),
    chapter: p.integer(),
    version: p.integer(),
    source: p.enum(CHAPTER_VERSION_SOURCES),
    by: p.string().nullable(),
    /** The person who saved it (the author or a team member; kept as an id, so a deleted account leaves no dangling key) and in what capacity. */
    byUserId: p.uuid().nullable(),
    byRole: p.enum(CHAPTER_EDITOR_ROLES).nullable(),
    title: p.text(),
    content: p.text(),
    words: p.integer(),
    /** A model's write: the idempotency key of the step that wrote it, so a repeated attempt of that step writes no second version. */
    stepKey: p.string().length(255).nullable().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ChapterVersion extends ChapterVersionSchema.class {}
ChapterVersionSchema.setClass(ChapterVersion);

/** One AI Writing Assistant change: asked, run by its workflow on the author's provider, then accepted or discarded. */
export const AssistChangeSchema = defineEntity({
  name: 'AssistChange',
  tableName: 'assist_changes',
  properties: {
    id: p.uuid().primary(),
    project: () => p.manyToOne(GeneratorProject).deleteRule('cascade').index(),
    chapter: p.integer(),
    action: p.enum(ASSIST_ACTIONS),
    instruction: p.text().nullable(),
    selectionStart: p.integer().nullable(),
    selectionEnd: p.integer().nullable(),
    /** The chapter's version the selection refers to. */
    baseVersion: p.integer(),
    original: p.text(),
    proposal: p.text().nullable(),
    status: p.enum(ASSIST_STATUSES).default('running'),
    error: p.text().nullable(),
    provider: p.string(),
    model: p.string().nullable(),
    costUsd: p.decimal('number').precision(12).scale(6).default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class AssistChange extends AssistChangeSchema.class {}
AssistChangeSchema.setClass(AssistChange);
