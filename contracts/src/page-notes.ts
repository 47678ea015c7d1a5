import { z } from 'zod';

const localizedName = z.object({ en: z.string(), zh: z.string(), ja: z.string() });

/**
 * What a composed page draws differently from what its prompt asked, beyond the words it did not
 * draw at all (decision 056): a stand-in for a thing the subject library has no picture of ("a
 * T-rex instead of a triceratops"), and fewer of a thing than asked ("3 kittens: drew 2").
 */
export const pageNoteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('substitute'), asked: z.string(), drawn: localizedName }),
  z.object({ kind: z.literal('count'), asked: z.string(), wanted: z.number().int().min(2), drawn: z.number().int().min(1) }),
]);
export type PageNote = z.infer<typeof pageNoteSchema>;
