import { defineEntity, p } from '@mikro-orm/core';
import { BOOK_IMAGE_TYPES } from '../../domain/index.ts';
import { GeneratorProject } from './generator-project.ts';

/** An image the author uploaded into the book: its bytes in MinIO (`key`), checked and measured on the way in. */
export const BookImageSchema = defineEntity({
  name: 'BookImage',
  tableName: 'book_images',
  properties: {
    id: p.uuid().primary(),
    project: () => p.manyToOne(GeneratorProject).deleteRule('cascade').index(),
    key: p.string(),
    contentType: p.enum(Object.keys(BOOK_IMAGE_TYPES) as (keyof typeof BOOK_IMAGE_TYPES)[]),
    filename: p.string(),
    size: p.integer(),
    width: p.integer(),
    height: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class BookImage extends BookImageSchema.class {}
BookImageSchema.setClass(BookImage);
