import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { EliteRequestData } from '../libs/contracts/index.ts';
import { EliteRequest, User } from '../libs/db/index.ts';
import type { EliteStatus } from '../libs/domain/index.ts';
import { newAuthor } from './print-orders.ts';

const requestData = (author: { email: string }, topic: string): EliteRequestData => ({
  book_id: null,
  book_title: topic,
  book_author: 'Ada Writer',
  book_idea: 'A book about fixtures',
  book_created: new Date().toISOString(),
  pdf_available: false,
  cover_available: false,
  user_name: 'Ada Writer',
  user_email: author.email,
  user_phone: null,
  contact_method: 'email',
  preferred_timeline: '2-weeks',
  print_quantity: '10-25',
  budget_range: '500-1000',
  additional_requirements: null,
  request_date: new Date().toISOString(),
  dashboard_url: 'http://localhost/dashboard',
  book_pdf_url: null,
  book_cover_url: null,
});

export interface EliteRowFixture {
  topic: string;
  status?: EliteStatus;
  dueAt?: Date | null;
  slaBreached?: boolean;
  assigneeId?: string;
  userName?: string;
  createdAt?: Date;
  prepaid?: boolean;
}

/** An Elite request row as its workflow's activities leave it, with no workflow behind it (for what the workflow is not the point of). */
export async function insertEliteRequestRow(orm: MikroORM, fixture: EliteRowFixture, author?: { id: string; email: string }): Promise<{ id: string; userId: string; email: string }> {
  const owner = author ?? (await newAuthor(orm));
  const em = orm.em.fork();
  const at = fixture.createdAt ?? new Date();
  const row = em.create(EliteRequest, {
    id: randomUUID(),
    user: em.getReference(User, owner.id),
    prepaid: fixture.prepaid ?? false,
    topic: fixture.topic,
    contactMethod: 'email',
    preferredTimeline: '2-weeks',
    printQuantity: '10-25',
    budgetRange: '500-1000',
    userName: fixture.userName ?? 'Ada Writer',
    userEmail: owner.email,
    requestData: requestData(owner, fixture.topic),
    status: fixture.status ?? 'received',
    slaBreached: fixture.slaBreached ?? false,
    dueAt: fixture.dueAt === undefined ? null : fixture.dueAt,
    assignee: fixture.assigneeId ? em.getReference(User, fixture.assigneeId) : null,
    promises: [],
    createdAt: at,
    updatedAt: at,
  });
  await em.flush();
  return { id: row.id, userId: owner.id, email: owner.email };
}

