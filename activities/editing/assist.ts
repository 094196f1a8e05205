import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { assistAnswer, assistTaskFor, type TextProvider } from '../../libs/ai/index.ts';
import { AssistChange, GeneratedChapter } from '../../libs/db/index.ts';
import { EditingMessages, GenerationMessages, PROVIDERS, type ProviderId } from '../../libs/domain/index.ts';
import { paidCall } from '../generation/provider-calls.ts';

export interface AssistDeps {
  orm: MikroORM;
  providers: Partial<Record<ProviderId, TextProvider>>;
}

/** The AI Writing Assistant's work: one paid provider call per change, its cost recorded like any writing call. */
export function createAssistActivities({ orm, providers }: AssistDeps) {
  return {
    /**
     * Asks the change's provider for the new text of its selection (or chapter) and stores it as the proposal. A change
     * discarded meanwhile stays discarded; the call's cost is recorded either way, since it was paid for.
     */
    async runAssist(changeId: string): Promise<{ status: 'ready' | 'closed' }> {
      const em = orm.em.fork();
      const change = await em.findOneOrFail(AssistChange, { id: changeId }, { populate: ['project', 'project.user'] });
      if (change.status !== 'running') return { status: 'closed' };
      const { project } = change;
      const provider = providers[change.provider as ProviderId];
      if (!provider) {
        throw ApplicationFailure.create({ type: 'ProviderUnavailable', message: GenerationMessages.providerUnavailable(PROVIDERS[change.provider as ProviderId].displayName), nonRetryable: true });
      }
      const chapter = await em.findOne(GeneratedChapter, { project: project.id, number: change.chapter });
      if (!chapter) throw ApplicationFailure.create({ type: 'InvalidChapter', message: EditingMessages.chapterNotFound, nonRetryable: true });
      const selection = change.selectionStart === null || change.selectionStart === undefined ? null : { start: change.selectionStart, end: change.selectionEnd ?? change.selectionStart };
      // Around a selection the chapter as it is now gives the context, while it still reads the same there.
      const inPlace = selection !== null && chapter.content.slice(selection.start, selection.end) === change.original;
      const task = assistTaskFor({
        book: { title: project.title, topic: project.topic, writingStyle: project.writingStyle, language: project.language },
        chapterTitle: chapter.title,
        ...(inPlace ? { content: chapter.content, selection } : { content: change.original, selection: null }),
        action: change.action,
        instruction: change.instruction ?? null,
      });
      // One paid call per change, however many attempts run: a repeated attempt reuses the recorded answer.
      const completion = await paidCall({ em, project, provider, purpose: `assist ${change.action} chapter ${change.chapter}`, step: 'assist', task });
      const proposal = assistAnswer(completion.text, change.original);
      const updated = await em.nativeUpdate(
        AssistChange,
        { id: changeId, status: 'running' },
        { status: 'ready', proposal, model: completion.model, costUsd: completion.costUsd, updatedAt: new Date() },
      );
      if (!updated) await em.nativeUpdate(AssistChange, { id: changeId }, { model: completion.model, costUsd: completion.costUsd, updatedAt: new Date() });
      return { status: updated ? 'ready' : 'closed' };
    },

    /** A change whose provider call failed for good (or ran out of retries) says why. */
    async failAssist(changeId: string, message: string): Promise<void> {
      await orm.em.fork().nativeUpdate(AssistChange, { id: changeId, status: 'running' }, { status: 'failed', error: message, updatedAt: new Date() });
    },
  };
}
