import { AppError, ErrorCode } from '@studio/contracts/errors';
import { createComfyUiProvider } from './comfyui-provider';
import { createLocalProvider } from './local-provider';
import { createOpenAiProvider } from './openai-provider';
import { defaultHttpDeps } from './provider-http';
import type { HttpDeps } from './provider-http';
import { createReplicateProvider } from './replicate-provider';
import { createStabilityProvider } from './stability-provider';
import { PROVIDER_NAMES, type ImageProvider, type ProviderName } from './provider-types';

export { PROVIDER_NAMES } from './provider-types';
export type { ImageProvider, ImageRequest, ImageResult, ProviderName } from './provider-types';

export interface ImageProviderConfig {
  IMAGE_PROVIDER?: string;
  IMAGE_PROVIDER_TIMEOUT_MS?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_IMAGE_MODEL?: string;
  OPENAI_TEXT_MODEL?: string;
  COMFYUI_URL?: string;
  COMFYUI_WORKFLOW?: string;
  REPLICATE_API_TOKEN?: string;
  REPLICATE_MODEL?: string;
  REPLICATE_BASE_URL?: string;
  STABILITY_API_KEY?: string;
  STABILITY_BASE_URL?: string;
  STABILITY_MODEL?: string;
}

function required(config: ImageProviderConfig, key: keyof ImageProviderConfig, provider: string): string {
  const value = config[key]?.trim();
  if (!value) throw new AppError(ErrorCode.modelUnavailable, `${key} must be set when IMAGE_PROVIDER=${provider}`);
  return value;
}

/** Picks and configures the provider named by IMAGE_PROVIDER (default: the offline composer). */
export function createImageProvider(config: ImageProviderConfig, overrides: Partial<HttpDeps> = {}): ImageProvider {
  const name = (config.IMAGE_PROVIDER?.trim() || 'local') as ProviderName;
  const timeoutMs = config.IMAGE_PROVIDER_TIMEOUT_MS ? Number(config.IMAGE_PROVIDER_TIMEOUT_MS) : undefined;
  if (timeoutMs !== undefined && !(timeoutMs > 0)) throw new AppError(ErrorCode.modelUnavailable, 'IMAGE_PROVIDER_TIMEOUT_MS must be a positive number');
  const deps = defaultHttpDeps({ ...(timeoutMs ? { timeoutMs } : {}), ...overrides });
  switch (name) {
    case 'local':
      return createLocalProvider();
    case 'openai':
      return createOpenAiProvider(
        {
          apiKey: required(config, 'OPENAI_API_KEY', name),
          baseUrl: config.OPENAI_BASE_URL?.trim() || 'https://api.openai.com/v1',
          model: config.OPENAI_IMAGE_MODEL?.trim() || 'gpt-image-1',
        },
        deps,
      );
    case 'comfyui':
      return createComfyUiProvider({ baseUrl: config.COMFYUI_URL?.trim() || 'http://127.0.0.1:8188', workflowPath: required(config, 'COMFYUI_WORKFLOW', name) }, deps);
    case 'replicate':
      return createReplicateProvider(
        {
          token: required(config, 'REPLICATE_API_TOKEN', name),
          model: config.REPLICATE_MODEL?.trim() || 'black-forest-labs/flux-schnell',
          baseUrl: config.REPLICATE_BASE_URL?.trim() || 'https://api.replicate.com/v1',
        },
        deps,
      );
    case 'stability':
      return createStabilityProvider(
        {
          apiKey: required(config, 'STABILITY_API_KEY', name),
          baseUrl: config.STABILITY_BASE_URL?.trim() || 'https://api.stability.ai',
          model: config.STABILITY_MODEL?.trim() || 'core',
        },
        deps,
      );
    default:
      throw new AppError(ErrorCode.modelUnavailable, `IMAGE_PROVIDER must be one of ${PROVIDER_NAMES.join(', ')}`);
  }
}
