import type { Duration } from '@temporalio/common';
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { BookRequestStatus } from '../../libs/domain/index.ts';

/** Shared by the workflow and the API: how a book request is started, read and moved along by the team. */

export interface BookRequestInput {
  requestId: string;
  /** How long the team has to answer a pending request before the breach is recorded (default 24 hours; tests shorten it). */
  respondWithin?: Duration;
}

/** A team member's change: the new status, and their e-mail for the timeline. */
export interface StatusChange {
  status: BookRequestStatus;
  by: string;
}

/** Refused by its validator unless the change is allowed from the current status (libs/domain bookRequestTransitionProblem). */
export const changeStatusUpdate = defineUpdate<{ status: BookRequestStatus }, [StatusChange]>('changeStatus');
export const statusQuery = defineQuery<BookRequestStatus>('status');
