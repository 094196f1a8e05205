import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { LanguageMessages } from '../../../../libs/domain/index.ts';
import { createValidationPipe } from '../common/validation.ts';
import { BookSettingsDto, ChapterRequestDto, CreateProjectDto, IntelligentCoverDto, TocDto } from './projects.dto.ts';

const valid = (metatype: new () => object, body: object) => createValidationPipe().transform(body, { type: 'body', metatype }) as Promise<{ language?: string }>;

describe("a brief's language, at the boundary", () => {
  it("becomes the listed language's tag, sent as a tag or as its English name", async () => {
    await expect(valid(CreateProjectDto, { language: 'ja' })).resolves.toMatchObject({ language: 'ja' });
    await expect(valid(CreateProjectDto, { language: 'Japanese' })).resolves.toMatchObject({ language: 'ja' });
    await expect(valid(CreateProjectDto, { language: 'zh-TW' })).resolves.toMatchObject({ language: 'zh-Hant' });
    await expect(valid(TocDto, { language: ' pt_BR ' })).resolves.toMatchObject({ language: 'pt' });
    await expect(valid(ChapterRequestDto, { chapter_number: 1, language: 'arabic' })).resolves.toMatchObject({ language: 'ar' });
    expect((await valid(CreateProjectDto, {})).language).toBeUndefined();
  });

  it('is read the same way by the editor\'s book settings and the standalone cover', async () => {
    await expect(valid(BookSettingsDto, { language: 'Arabic' })).resolves.toMatchObject({ language: 'ar' });
    await expect(valid(IntelligentCoverDto, { language: 'tr-TR' })).resolves.toMatchObject({ language: 'tr' });
    expect((await valid(BookSettingsDto, {})).language).toBeUndefined();
    expect((await valid(IntelligentCoverDto, {})).language).toBeUndefined();
  });

  it('is refused, naming the field, for anything the list does not have', async () => {
    for (const dto of [CreateProjectDto, BookSettingsDto, IntelligentCoverDto]) {
      for (const language of ['klingon', 'tlh', '', null, 42]) {
        const refused = await valid(dto, { language }).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(BadRequestException);
        expect((refused as BadRequestException).getResponse()).toEqual({ message: LanguageMessages.unknown, details: [{ field: 'language', messages: [LanguageMessages.unknown] }] });
      }
    }
  });
});
