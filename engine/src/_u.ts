import { realSubjectIndex } from './prompt/test-library';
import { understandPrompt } from './prompt/understand-prompt';
const idx = await realSubjectIndex();
for (const p of process.argv.slice(2)) { const u = understandPrompt(p, idx as never); console.log(p, JSON.stringify({ss:u.solarSystem, f:u.faced, s:u.subjects.map(s=>s.name+':'+s.word+'x'+s.count), g:u.glyph, scene:u.scene, rel:u.relation?.verb, un:u.unmatched})); }
