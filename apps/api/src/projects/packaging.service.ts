import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadGatewayException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { Client, WorkflowFailedError } from '@temporalio/client';
import type { StandaloneCoverInput } from '../../../../workflows/cover/messages.ts';
import type { Config } from '../../../../libs/config/index.ts';
import { nextPackageRun, type GeneratorProject } from '../../../../libs/db/index.ts';
import { AUTHOR_FIXES, coverWorkflowId, innermostMessage, innermostType, packageWorkflowId, type CoverChoice, type PackageFormat } from '../../../../libs/domain/index.ts';
import type { coverWorkflow, productCoverWorkflow } from '../../../../workflows/cover/workflow.ts';
import type { packageWorkflow, PackageResult } from '../../../../workflows/package/workflow.ts';
import { ProjectIdAttribute, StageAttribute, UserIdAttribute } from '../../../../workflows/search-attributes.ts';
import { CONFIG } from '../config/config.module.ts';

/** How long a request waits for a cover to be drawn before it answers that the work goes on. */
const COVER_WAIT_MS = 90_000;

/** Starts packaging runs (`package-<id>-<n>`) and cover runs; the workflows do the work, this only asks. */
@Injectable()
export class PackagingService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly temporal: Client,
  ) {}

  /** Counts a new run and starts it; the project reads 'building' at once, so a poll never sees the last run's result. */
  async start(project: GeneratorProject, formats: PackageFormat[], cover?: Partial<CoverChoice>) {
    const run = await nextPackageRun(this.em, project.id);
    return this.temporal.workflow.start<typeof packageWorkflow>('packageWorkflow', {
      workflowId: packageWorkflowId(project.id, run),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: project.id, run, formats, ...(cover ? { cover } : {}) }],
      typedSearchAttributes: [
        { key: ProjectIdAttribute, value: project.id },
        { key: StageAttribute, value: 'packaging' },
        ...(project.user ? [{ key: UserIdAttribute, value: project.user.id }] : []),
      ],
    });
  }

  /** A new cover for the project, waited for: the staged API answers with the files' sizes. */
  async cover(project: GeneratorProject, choice: Partial<CoverChoice>): Promise<PackageResult> {
    const handle = await this.start(project, ['cover'], choice);
    return this.wait(handle.result(), 'Cover generation failed');
  }

  /** A cover for fields alone, drawn by the worker; its files are in MinIO under the returned keys. */
  async standaloneCover(input: StandaloneCoverInput) {
    const requestId = randomUUID();
    const run = this.temporal.workflow.execute<typeof coverWorkflow>('coverWorkflow', {
      workflowId: coverWorkflowId(requestId),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [requestId, input],
      typedSearchAttributes: [{ key: StageAttribute, value: 'cover' }],
    });
    return this.wait(run, 'Cover generation failed');
  }

  /** The cover the press would print for a product of this book, drawn by the worker: its key in MinIO. */
  async productCover(project: GeneratorProject, podPackageId: string): Promise<string> {
    const run = this.temporal.workflow.execute<typeof productCoverWorkflow>('productCoverWorkflow', {
      workflowId: coverWorkflowId(randomUUID()),
      taskQueue: this.config.TEMPORAL_TASK_QUEUE,
      args: [project.id, podPackageId],
      typedSearchAttributes: [
        { key: ProjectIdAttribute, value: project.id },
        { key: StageAttribute, value: 'cover' },
        ...(project.user ? [{ key: UserIdAttribute, value: project.user.id }] : []),
      ],
    });
    return this.wait(run, 'Cover generation failed');
  }

  private async wait<T>(run: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BadGatewayException(`${what}: it is taking longer than expected; try again in a minute`)), COVER_WAIT_MS);
    });
    try {
      return await Promise.race([run, late]);
    } catch (error) {
      if (error instanceof WorkflowFailedError) {
        // Text no font prints, or a cover that no longer fits, is the author's to change; anything else failed on our side.
        const Refusal = (AUTHOR_FIXES as readonly (string | undefined)[]).includes(innermostType(error)) ? UnprocessableEntityException : BadGatewayException;
        throw new Refusal(`${what}: ${innermostMessage(error)}`);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
