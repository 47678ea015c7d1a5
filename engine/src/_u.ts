import { loadSubjectLibrary } from './subjects/subject-library';
import { buildSubjectIndex, understandPrompt } from './prompt/understand-prompt';
const lib = await loadSubjectLibrary();
const index = buildSubjectIndex(lib.subjects);
for (const p of process.argv.slice(2)) console.log(p, JSON.stringify(understandPrompt(p, index), (k, v) => (k === 'entry' ? v?.name : v)).slice(0, 2500));
