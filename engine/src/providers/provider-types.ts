import type { Difficulty, Ratio } from '@studio/contracts/constants';

/**
 * What every image-model adapter speaks, apart from the registry that picks one
 * (image-provider.ts), so the adapters never import the module that imports them.
 */
export interface ImageRequest {
  /** The user's prompt, already through the content filter. */
  prompt: string;
  difficulty: Difficulty;
  ratio: Ratio;
  seed?: number;
  /** A source picture to redraw (OpenAI edits); providers without edits ignore it. */
  image?: Buffer;
  /**
   * Called with the provider's job id as soon as the job exists, before waiting for it, so the
   * worker can store it and resume() after a restart instead of paying for a second job.
   */
  onJobCreated?(providerRef: string): void | Promise<void>;
}

export interface ImageResult {
  image: Buffer;
  /** "<provider>:<job id>"; for synchronous APIs the id only identifies the call. */
  providerRef: string;
}

/** One outside image model. Adapters map refusals to 4003, outages to 4008 and deadlines to 4009. */
export interface ImageProvider {
  readonly name: ProviderName;
  generate(request: ImageRequest): Promise<ImageResult>;
  /** Present when the provider keeps jobs: fetches the result of a job started earlier. */
  resume?(providerRef: string): Promise<ImageResult>;
}

export const PROVIDER_NAMES = ['local', 'openai', 'comfyui', 'replicate', 'stability'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The parsed environment the server hands over (README lists the variables). */
