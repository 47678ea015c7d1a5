import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startProtocolServer } from '../providers/protocol-test-server';
import type { ProtocolServer } from '../providers/protocol-test-server';
import { checkPrompt } from '../filter/content-filter';
import { createPromptImprover, createTextModelImprover, improvePromptLocally } from './improve-prompt';
import { realSubjectIndex } from './test-library';
import type { SubjectIndex } from './understand-prompt';
import { understandPrompt } from './understand-prompt';

let index: SubjectIndex;
let server: ProtocolServer | null = null;
beforeAll(async () => {
  index = await realSubjectIndex();
}, 120_000);
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('improvePromptLocally', () => {
  it('adds a scene that suits the subject and detail for the difficulty', () => {
    const improved = improvePromptLocally('a dolphin', { difficulty: 'children' }, index);
    expect(improved.startsWith('a dolphin ')).toBe(true);
    expect(understandPrompt(improved, index).scene).toBe('sea');
    expect(improvePromptLocally('a cat', { difficulty: 'toddler' }, index)).toMatch(/thick outlines/);
    expect(improvePromptLocally('a cat', { difficulty: 'adult' }, index)).toMatch(/zentangle|mandala/);
  });

  it('keeps a scene the user gave, writes in the prompt language and is deterministic', () => {
    const zh = improvePromptLocally('小猫在花园里', { difficulty: 'teen' }, index);
    expect(zh).toMatch(/^小猫在花园里，/);
    expect(zh).not.toMatch(/草地上/);
    expect(improvePromptLocally('恐竜の絵', { difficulty: 'children' }, index)).toMatch(/^恐竜の絵、ヤシの木のジャングルで/);
    expect(understandPrompt('恐竜', index).subjects.map((s) => s.name)).toEqual(['t-rex']);
    expect(improvePromptLocally('a cat', { difficulty: 'teen' }, index)).toBe(improvePromptLocally('a cat', { difficulty: 'teen' }, index));
  });

  it('only produces prompts that pass the content filter and that the composer reads fully', () => {
    for (const prompt of ['a unicorn', 'fire truck', 'ロケット', '熊猫']) {
      for (const difficulty of ['toddler', 'children', 'teen', 'adult'] as const) {
        const improved = improvePromptLocally(prompt, { difficulty }, index);
        expect(checkPrompt(improved).ok).toBe(true);
      }
    }
  });
});

describe('createPromptImprover', () => {
  it('uses the text model only when a key is configured', () => {
    expect(createPromptImprover({}, index).source).toBe('local');
    expect(createPromptImprover({ OPENAI_API_KEY: 'k' }, index).source).toBe('text-model');
  });
});

describe('text-model improver', () => {
  it('asks an OpenAI-compatible chat endpoint and filters its answer', async () => {
    server = await startProtocolServer((req, res) => sendJson(res, 200, { choices: [{ message: { content: '"A happy cat in a garden full of tulips"' } }] }));
    const improver = createTextModelImprover({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'gpt-4o-mini' }, index);
    expect(await improver.improve('a cat', { difficulty: 'children' })).toBe('A happy cat in a garden full of tulips');
    const body = JSON.parse(server.requests[0].body.toString());
    expect(server.requests[0].path).toBe('/v1/chat/completions');
    expect(body.messages[1].content).toBe('a cat');
  });

  it('falls back to the local enhancer when the model is down or answers something unsafe', async () => {
    let unsafe = true;
    server = await startProtocolServer((req, res) => (unsafe ? sendJson(res, 200, { choices: [{ message: { content: 'a bloody cat' } }] }) : sendJson(res, 503, {})));
    const improver = createTextModelImprover({ apiKey: 'k', baseUrl: `${server.url}/v1`, model: 'm' }, index);
    const local = improvePromptLocally('a cat', { difficulty: 'teen' }, index);
    expect(await improver.improve('a cat', { difficulty: 'teen' })).toBe(local);
    unsafe = false;
    expect(await improver.improve('a cat', { difficulty: 'teen' })).toBe(local);
  });
});
