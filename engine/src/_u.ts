import { realSubjectIndex } from './prompt/test-library';
import { understandPrompt } from './prompt/understand-prompt';
const idx = await realSubjectIndex();
for (const p of process.argv.slice(2)) { const u = understandPrompt(p, idx as never); console.log(p, JSON.stringify({s:u.subjects.map(s=>s.name+':'+s.word), scene:u.scene, words:u.words, worn:u.worn.length, rel:u.relation, arr:u.arrangement, un:u.unmatched})); }
