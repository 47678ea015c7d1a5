// Starts the page helper thread from source (page-helper.ts): TypeScript through tsx, found from
// here rather than from the working directory.
import { register } from 'tsx/esm/api';

register();
await import('./page-helper-thread.ts');
