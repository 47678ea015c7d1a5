import type { ESLint } from 'eslint';

/** The studio/no-literal-ui-text rule (eslint.config.ui-text-rule.js). */
export declare const uiTextPlugin: ESLint.Plugin;
