import { composePage } from '../compose/compose-page';
import type { ImageProvider } from './provider-types';

/**
 * The offline composer behind the provider interface. Callers that want attribution and the
 * colour preview call composePage() directly; this keeps IMAGE_PROVIDER=local a drop-in.
 */
export function createLocalProvider(): ImageProvider {
  return {
    name: 'local',
    async generate(request) {
      const result = await composePage(request.prompt, { difficulty: request.difficulty, ratio: request.ratio, seed: request.seed });
      return { image: result.page.png, providerRef: `local:${result.seed}` };
    },
  };
}
