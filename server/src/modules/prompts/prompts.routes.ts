import type { FastifyInstance } from 'fastify';
import { ok } from '@studio/contracts/envelope';
import { improvePromptRequestSchema } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { requireAuth, type SessionCheck } from '../../http/authenticate';
import { parse } from '../../http/validation';
import type { PromptsService } from './prompts.service';

export async function promptsRoutes(app: FastifyInstance, options: { prompts: PromptsService; checkAccessToken: SessionCheck; perMinute: number }): Promise<void> {
  const { prompts } = options;
  const signedIn = requireAuth(options.checkAccessToken);

  app.get<{ Querystring: { lang?: string } }>('/api/images/style-suggestions', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ suggestions: prompts.suggestions(request.query.lang) });
  });

  app.post(apiPaths.improvePrompt, { preHandler: signedIn, config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } } }, async (request) => {
    const input = parse(improvePromptRequestSchema, request.body);
    return ok({ prompt: await prompts.improve(input) });
  });
}
