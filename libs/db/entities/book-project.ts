import { defineEntity, p } from '@mikro-orm/core';
import { SHOP } from '../../domain/index.ts';
import { GeneratorProject } from './generator-project.ts';
import { User } from './user.ts';

/**
 * A finished book kept in an author's account (the spec's book_projects). The text and the files stay with the
 * generator project it was saved from (one home), and so do its plan and chapter list (saved-book-contents.ts); this
 * row adds ownership, the dashboard's facts and the shop.
 */
export const BookProjectSchema = defineEntity({
  name: 'BookProject',
  tableName: 'book_projects',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    generatorProject: () => p.oneToOne(GeneratorProject).owner().unique().deleteRule('cascade'),
    title: p.string(),
    author: p.string(),
    bookIdea: p.text(),
    topic: p.text(),
    coverPdfTemplate: p.string().nullable(),
    status: p.string().default('complete'),
    generationStatus: p.string().default('completed'),
    pageCount: p.integer().nullable(),
    writingStyle: p.string(),
    targetAudience: p.string().nullable(),
    estimatedLength: p.integer().nullable(),
    source: p.string(),
    publishedToShop: p.boolean().default(false),
    publishedAt: p.datetime().nullable(),
    shopPrice: p.decimal('number').precision(10).scale(2).nullable(),
    /** One printed copy's price; null sells no print edition. */
    shopPrintPrice: p.decimal('number').precision(10).scale(2).nullable(),
    shopDescription: p.text().nullable(),
    shopCategory: p.string().default(SHOP.defaultCategory),
    isbn: p.string().nullable(),
    completedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class BookProject extends BookProjectSchema.class {}
BookProjectSchema.setClass(BookProject);
