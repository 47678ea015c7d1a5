import type { Difficulty, Language, PhotoFit, Ratio } from '@studio/contracts/constants';
import {
  IDEMPOTENCY_HEADER,
  generateResponseSchema,
  improvePromptResponseSchema,
  photoFrameResponseSchema,
  styleSuggestionsResponseSchema,
  type PhotoFrameDto,
  type ImageType,
  type StyleSuggestionDto,
  type TaskStatusDto,
} from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { apiRequest } from '../../../lib/api-client';

export type { PhotoFrameDto, StyleSuggestionDto, TaskStatusDto };

export interface TextGenerateInput {
  prompt: string;
  ratio: Ratio;
  difficulty: Difficulty;
  isPublic: boolean;
  lang: Language;
}

export interface ImageGenerateInput {
  file: File;
  /** null: the page takes the ratio nearest the photo's shape. */
  ratio: Ratio | null;
  fit: PhotoFit;
  subjectOnly: boolean;
  difficulty: Difficulty;
  isPublic: boolean;
  lang: Language;
}

/** `idempotencyKey` names one press of Generate: a retry with it answers the same task, charged once (decision 060). */
export function submitTextGeneration(input: TextGenerateInput, idempotencyKey: string): Promise<{ taskId: string }> {
  return apiRequest(apiPaths.text2img, { method: 'POST', auth: true, body: input, schema: generateResponseSchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function submitImageGeneration(input: ImageGenerateInput, idempotencyKey: string): Promise<{ taskId: string }> {
  const form = new FormData();
  if (input.ratio) form.set('ratio', input.ratio);
  form.set('fit', input.fit);
  if (input.subjectOnly) form.set('subjectOnly', 'true');
  form.set('difficulty', input.difficulty);
  form.set('isPublic', String(input.isPublic));
  form.set('lang', input.lang);
  form.set('file', input.file, input.file.name);
  return apiRequest(apiPaths.img2img, { method: 'POST', auth: true, form, schema: generateResponseSchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** Where a `crop` page of `ratio` sits on the photo: the server's answer is the engine's own window (decision 059). */
export function fetchPhotoFrame(input: { file: File; ratio: Ratio }, signal?: AbortSignal): Promise<PhotoFrameDto> {
  const form = new FormData();
  form.set('ratio', input.ratio);
  form.set('file', input.file, input.file.name);
  return apiRequest(apiPaths.photoFrame, { method: 'POST', auth: true, form, schema: photoFrameResponseSchema, signal });
}

export function fetchTaskStatus(taskId: string, type: ImageType, signal?: AbortSignal): Promise<TaskStatusDto> {
  return apiRequest<TaskStatusDto>(apiPaths.taskStatus(taskId, type), { auth: true, signal });
}

export async function fetchStyleSuggestions(lang: Language): Promise<StyleSuggestionDto[]> {
  return (await apiRequest(apiPaths.styleSuggestions(lang), { schema: styleSuggestionsResponseSchema })).suggestions;
}

export async function improvePrompt(input: { prompt: string; difficulty: Difficulty; lang: Language }): Promise<string> {
  return (await apiRequest(apiPaths.improvePrompt, { method: 'POST', auth: true, body: input, schema: improvePromptResponseSchema })).prompt;
}
