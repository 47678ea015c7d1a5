import type { Difficulty, Language } from '@studio/contracts/constants';
import { LANGUAGES } from '@studio/contracts/constants';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { PromptImprover } from '@studio/engine/prompt/improve-prompt';
import { pickSuggestions, type LocalizedSuggestion } from '@studio/engine/prompt/style-suggestions';
import type { PageMaker } from '../../adapters/engine/page-maker';

export interface PromptsServiceDeps {
  maker: PageMaker | null;
  /** Built on first use: the local improver needs the subject library, which takes a moment to load. */
  improver: () => Promise<PromptImprover>;
  random?: () => number;
}

/** The prompt box's helpers: six style suggestions, and "improve with AI". */
export function createPromptsService(deps: PromptsServiceDeps) {
  let improver: Promise<PromptImprover> | null = null;
  return {
    suggestions(lang: unknown): LocalizedSuggestion[] {
      const language = (LANGUAGES as readonly unknown[]).includes(lang) ? (lang as Language) : 'en';
      return pickSuggestions(language, 6, deps.random);
    },
    async improve(input: { prompt: string; difficulty: Difficulty; lang?: Language }): Promise<string> {
      if (!deps.maker) throw new AppError(ErrorCode.modelUnavailable);
      // The same checks as a generation: empty (4001), too long (4002), filtered (4003).
      const prompt = deps.maker.checkPrompt(input.prompt);
      improver ??= deps.improver().catch((error: unknown) => {
        improver = null;
        throw error;
      });
      const improved = await (await improver).improve(prompt, { difficulty: input.difficulty, lang: input.lang });
      return deps.maker.checkPrompt(improved);
    },
  };
}

export type PromptsService = ReturnType<typeof createPromptsService>;
