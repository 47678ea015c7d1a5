/**
 * The second emoji set: Microsoft's Fluent Emoji (flat), MIT, from the `@iconify-json/fluent-emoji-flat`
 * package. Used only where it draws a subject better for colouring than OpenMoji (looked at side
 * by side, outlines of both: decision 035): a house with a door and windows, and a turtle with
 * a shell in plates. Each goes through the same
 * outline pipeline, measures and rejection rules as every other subject, and replaces the OpenMoji
 * subject of the same name (only when it passes them).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SubjectKind } from './curation';
import type { DrawnProp } from './drawn-props';
import type { SubjectAttribution } from './subject-library';

/** Fluent icon name → our subject name, its kind and search words. */
export const FLUENT_PREFERRED: { icon: string; name: string; kind: SubjectKind; keywords: string[] }[] = [
  { icon: 'house', name: 'house', kind: 'building', keywords: ['building', 'home', 'cottage'] },
  { icon: 'turtle', name: 'turtle', kind: 'animal', keywords: ['terrapin', 'tortoise', 'slow'] },
];

const FLUENT_ID = 'FL-';

/** True for the id of a subject drawn from Fluent Emoji. */
export function isFluent(id: string): boolean {
  return id.startsWith(FLUENT_ID);
}

/** The credit line's addition on a page that draws a Fluent subject (MIT asks for the notice). */
export const FLUENT_CREDIT = 'Microsoft Fluent Emoji (modified), MIT';

/** The library's credit, extended by the Fluent notice when a page draws a Fluent subject. */
export function creditWithFluent(credit: SubjectAttribution): SubjectAttribution {
  return { ...credit, text: `${credit.text}; ${FLUENT_CREDIT}` };
}

/**
 * The preferred Fluent icons as colour SVGs in OpenMoji's 72-unit box (the icons are drawn in 32),
 * ready for the outline pipeline.
 */
export function fluentSubjects(): DrawnProp[] {
  const require = createRequire(import.meta.url);
  const set = JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as { width?: number; icons: Record<string, { body: string; width?: number }> };
  return FLUENT_PREFERRED.flatMap((entry) => {
    const icon = set.icons[entry.icon];
    if (!icon) return [];
    const size = icon.width ?? set.width ?? 32;
    return [{
      id: `${FLUENT_ID}${entry.icon.toUpperCase()}`,
      name: entry.name,
      keywords: entry.keywords,
      kind: entry.kind,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><g id="color" transform="scale(${72 / size})">${icon.body}</g></svg>`,
    }];
  });
}
