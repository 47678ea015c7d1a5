// studio/no-literal-ui-text: text a person reads must come from the message files, never from
// the component, so every screen exists in English, Chinese and Japanese (issue #9).
// Reports letters in JSX text, in string expressions placed as JSX children, and in the
// user-facing attributes below. Numbers, punctuation and symbols ("·", "→", "404") are allowed.

const USER_FACING_ATTRIBUTES = new Set([
  'alt',
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

const hasWords = (text) => /\p{L}/u.test(text);
const preview = (text) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 37)}…` : flat;
};

/** @type {import('eslint').Rule.RuleModule} */
const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'UI text comes from web/src/locales through t(), in every language' },
    messages: {
      literal:
        'Hard-coded UI text "{{text}}". Add it to web/src/locales/{en,zh,ja}/<area>.json (all three, real translations) and render t(\'<area>.<key>\') instead.',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: preview(text) } });
    const isStringExpression = (expression) =>
      (expression.type === 'Literal' && typeof expression.value === 'string') ||
      (expression.type === 'TemplateLiteral' && expression.expressions.length === 0);
    const stringOf = (expression) => (expression.type === 'Literal' ? expression.value : expression.quasis[0].value.cooked);
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        if (isStringExpression(node.expression) && hasWords(stringOf(node.expression))) report(node, stringOf(node.expression));
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name;
        if (!USER_FACING_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (isStringExpression(value) && hasWords(stringOf(value))) report(node.value, stringOf(value));
      },
    };
  },
};

export const uiTextPlugin = { rules: { 'no-literal-ui-text': noLiteralUiText } };
