import { loadSubjectLibrary } from '../subjects/subject-library';
import { buildSubjectIndex } from './understand-prompt';
import type { SubjectIndex } from './understand-prompt';

let index: SubjectIndex | null = null;

/** The real subject library's index, shared by prompt tests (built on demand like at run time). */
export async function realSubjectIndex(): Promise<SubjectIndex> {
  index ??= buildSubjectIndex((await loadSubjectLibrary()).subjects);
  return index;
}
