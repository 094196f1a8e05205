import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GeneratorProject } from '../../libs/db/index.ts';
import { fakeAiEngineForFile, testConfig } from '../../testing/index.ts';
import { bookWorkflow } from './workflow.ts';

const config = testConfig({ TEMPORAL_TASK_QUEUE: `concurrency-${randomUUID().slice(0, 8)}` });
const { engine, fake } = fakeAiEngineForFile(config);

describe('an auto book', () => {
  it('writes the introduction and all eight chapters at the same time', async () => {
    const em = engine.deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'concurrency', title: 'Parallel Pages', author: 'Ada Writer', topic: 'How a book gets written when every chapter starts at once',
      writingStyle: 'practical', totalTargetWords: 24_000, language: 'English', provider: 'anthropic', mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    // Slow enough that requests sent together all arrive before the first answer.
    fake.delay(2500);
    const book = await engine.client.workflow.execute(bookWorkflow, {
      workflowId: `book-${project.id}`,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: project.id, mode: 'auto', provider: 'anthropic', chaptersToGenerate: null, includeCover: false }],
    });
    expect(book.stage).toBe('complete');
    expect(book.chapterCount).toBe(8);

    const first = (text: string) => fake.received.find((r) => JSON.stringify(r.body).includes(text));
    const together = [first('Write the introduction'), ...Array.from({ length: 8 }, (_, i) => first(`Write chapter ${i + 1} of 8`))];
    expect(together.every((r) => r !== undefined)).toBe(true);
    const firstAnswer = Math.min(...together.map((r) => r?.answeredAt ?? Infinity));
    // Structural: every one of the nine requests was in flight before any of them was answered.
    for (const request of together) expect(request?.arrivedAt).toBeLessThan(firstAnswer);
  });
});
