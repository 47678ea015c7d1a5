/* global document, window, getComputedStyle, CSS, Element, NodeFilter -- functions passed to page.evaluate run in the browser */
// Accessibility checks for the browser suite, written here because axe-core is MPL-2.0 (not on
// the project's licence list). They follow axe's rule names and impacts for what they cover:
// image-alt, label, button-name, link-name, color-contrast, document-title, html-has-lang,
// landmark-one-main, page-has-heading-one, heading-order, aria-roles, aria-valid-attr,
// aria-valid-attr-value, aria-refs, aria-hidden-focus, duplicate-id-aria, nested-interactive,
// meta-viewport, tabindex (color-contrast covers placeholders too); plus two keyboard rules of our own run with real key presses:
// focus-visible (a focused control looks different) and keyboard-reachable (Tab reaches every
// visible control). Each violation names the rule, its impact, a CSS path to the element and
// a snippet of its HTML, so a failure says exactly what to fix.

/** Runs in the page: every DOM rule. Returns plain violation objects. */
function domAudit() {
  const violations = [];
  const cssPath = (el) => {
    if (!(el instanceof Element)) return '(document)';
    const parts = [];
    let node = el;
    while (node && node.nodeType === 1 && parts.length < 6) {
      if (node.id) {
        parts.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      let part = node.localName;
      const testId = node.getAttribute('data-testid');
      if (testId) part += `[data-testid="${testId}"]`;
      else if (node.parentElement) {
        const same = [...node.parentElement.children].filter((c) => c.localName === node.localName);
        if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
      }
      parts.unshift(part);
      node = node.parentElement;
    }
    return parts.join(' > ');
  };
  const snippet = (el) => (el instanceof Element ? el.outerHTML.replace(/\s+/g, ' ').slice(0, 160) : '');
  const add = (rule, impact, el, message) => violations.push({ rule, impact, target: cssPath(el), html: snippet(el), message });

  const isHiddenFromAT = (el) => {
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      if (node.getAttribute('aria-hidden') === 'true' || node.hidden || node.inert) return true;
      const style = getComputedStyle(node);
      if (style.display === 'none') return true;
    }
    return getComputedStyle(el).visibility === 'hidden';
  };
  const isVisible = (el) => !isHiddenFromAT(el) && el.getClientRects().length > 0;

  const textOf = (el) => {
    let out = '';
    for (const child of el.childNodes) {
      if (child.nodeType === 3) out += child.textContent;
      else if (child.nodeType === 1) {
        if (child.getAttribute('aria-hidden') === 'true' || getComputedStyle(child).display === 'none') continue;
        if (child.localName === 'img') out += child.getAttribute('alt') ?? '';
        else if (child.getAttribute('aria-label')) out += ` ${child.getAttribute('aria-label')} `;
        else out += ` ${textOf(child)} `;
      }
    }
    return out;
  };
  const byIds = (value) => (value ?? '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id));
  const accName = (el) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const text = byIds(labelledBy).filter(Boolean).map((ref) => textOf(ref)).join(' ').trim();
      if (text) return text;
    }
    const label = el.getAttribute('aria-label')?.trim();
    if (label) return label;
    if (el.localName === 'img' || (el.localName === 'input' && el.type === 'image')) return (el.getAttribute('alt') ?? '').trim() || (el.getAttribute('title') ?? '').trim();
    if (['input', 'select', 'textarea'].includes(el.localName)) {
      const fromLabels = [...(el.labels ?? [])].map((l) => textOf(l)).join(' ').trim();
      if (fromLabels) return fromLabels;
      if (el.localName === 'input' && ['submit', 'reset', 'button'].includes(el.type)) return el.value || el.type;
      return (el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '').trim();
    }
    const text = textOf(el).replace(/\s+/g, ' ').trim();
    return text || (el.getAttribute('title') ?? '').trim();
  };

  // document-title, html-has-lang, meta-viewport
  if (!document.title.trim()) add('document-title', 'serious', document.documentElement, 'The page has no <title>.');
  const lang = document.documentElement.getAttribute('lang');
  if (!lang || !/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(lang)) add('html-has-lang', 'serious', document.documentElement, `<html lang> is missing or invalid (${lang}).`);
  const viewport = document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';
  if (/user-scalable\s*=\s*(no|0)/i.test(viewport) || /maximum-scale\s*=\s*(0|1)(\.\d+)?\b/i.test(viewport)) add('meta-viewport', 'critical', document.querySelector('meta[name="viewport"]'), 'Zooming is disabled.');

  // image-alt
  for (const img of document.querySelectorAll('img, [role="img"], input[type="image"]')) {
    if (isHiddenFromAT(img)) continue;
    const role = img.getAttribute('role');
    if (img.localName === 'img' && (role === 'presentation' || role === 'none')) continue;
    if (img.localName === 'img' && img.hasAttribute('alt')) continue;
    if (!accName(img)) add(img.localName === 'svg' ? 'svg-img-alt' : 'image-alt', img.localName === 'svg' ? 'serious' : 'critical', img, 'Image has no text alternative (alt, or alt="" when decorative).');
  }

  // label
  for (const control of document.querySelectorAll('input, select, textarea')) {
    if (['hidden', 'submit', 'reset', 'button', 'image'].includes(control.type) || isHiddenFromAT(control)) continue;
    if (!control.getClientRects().length && control.type !== 'checkbox' && control.type !== 'radio' && control.type !== 'file') continue;
    if (!accName(control)) add('label', 'critical', control, 'Form control has no label.');
  }

  // button-name, link-name
  for (const button of document.querySelectorAll('button, [role="button"], input[type="submit"], input[type="button"]')) {
    if (!isVisible(button)) continue;
    if (!accName(button)) add('button-name', 'critical', button, 'Button has no accessible name.');
  }
  // A link hidden from screen readers (aria-hidden) is still a link to a pointer, to voice control
  // ("click Dinosaurs") and to a crawler: it needs a name too (issue 37: the cards' picture links).
  const isRendered = (el) => {
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      if (node.hidden || getComputedStyle(node).display === 'none') return false;
    }
    return getComputedStyle(el).visibility !== 'hidden' && el.getClientRects().length > 0;
  };
  for (const link of document.querySelectorAll('a[href]')) {
    if (!isRendered(link)) continue;
    if (!accName(link)) add('link-name', 'serious', link, 'Link has no accessible name.');
  }

  // nested-interactive
  for (const outer of document.querySelectorAll('a[href], button')) {
    const inner = outer.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    if (inner && isVisible(outer)) add('nested-interactive', 'serious', outer, 'Interactive element inside another interactive element.');
  }

  // ARIA
  const ROLES = new Set('alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img insertion link list listbox listitem log main marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem'.split(' '));
  const ATTRS = new Set('activedescendant atomic autocomplete busy checked colcount colindex colspan controls current describedby description details disabled dropeffect errormessage expanded flowto grabbed haspopup hidden invalid keyshortcuts label labelledby level live modal multiline multiselectable orientation owns placeholder posinset pressed readonly relevant required roledescription rowcount rowindex rowspan selected setsize sort valuemax valuemin valuenow valuetext'.split(' '));
  const TOKENS = {
    'aria-expanded': ['true', 'false', 'undefined'],
    'aria-hidden': ['true', 'false', 'undefined'],
    'aria-selected': ['true', 'false', 'undefined'],
    'aria-disabled': ['true', 'false'],
    'aria-busy': ['true', 'false'],
    'aria-modal': ['true', 'false'],
    'aria-required': ['true', 'false'],
    'aria-invalid': ['true', 'false', 'grammar', 'spelling'],
    'aria-checked': ['true', 'false', 'mixed', 'undefined'],
    'aria-pressed': ['true', 'false', 'mixed', 'undefined'],
    'aria-current': ['page', 'step', 'location', 'date', 'time', 'true', 'false'],
    'aria-haspopup': ['true', 'false', 'menu', 'listbox', 'tree', 'grid', 'dialog'],
    'aria-live': ['off', 'polite', 'assertive'],
    'aria-orientation': ['horizontal', 'vertical', 'undefined'],
    'aria-sort': ['ascending', 'descending', 'none', 'other'],
  };
  const idCounts = new Map();
  for (const el of document.querySelectorAll('[id]')) idCounts.set(el.id, (idCounts.get(el.id) ?? 0) + 1);
  for (const el of document.querySelectorAll('*')) {
    const role = el.getAttribute('role');
    if (role !== null) {
      const first = role.trim().split(/\s+/)[0];
      if (!ROLES.has(first)) add('aria-roles', 'critical', el, `Invalid role "${role}".`);
    }
    for (const attr of el.attributes) {
      if (!attr.name.startsWith('aria-')) continue;
      const name = attr.name.slice(5);
      if (!ATTRS.has(name)) {
        add('aria-valid-attr', 'critical', el, `Unknown ARIA attribute ${attr.name}.`);
        continue;
      }
      const tokens = TOKENS[attr.name];
      if (tokens && !tokens.includes(attr.value)) add('aria-valid-attr-value', 'critical', el, `${attr.name}="${attr.value}" is not one of ${tokens.join(', ')}.`);
      if (['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-errormessage'].includes(attr.name)) {
        for (const id of attr.value.split(/\s+/).filter(Boolean)) {
          // aria-controls may point at a panel that is rendered only when open.
          if (!document.getElementById(id) && !(attr.name === 'aria-controls' && el.getAttribute('aria-expanded') === 'false')) {
            add('aria-valid-attr-value', 'critical', el, `${attr.name} points at a missing id "${id}".`);
          } else if ((idCounts.get(id) ?? 0) > 1) add('duplicate-id-aria', 'critical', el, `${attr.name} points at id "${id}", which is used ${idCounts.get(id)} times.`);
        }
      }
    }
  }
  // for="" of labels that point at a duplicated id
  for (const label of document.querySelectorAll('label[for]')) {
    if ((idCounts.get(label.htmlFor) ?? 0) > 1) add('duplicate-id-aria', 'critical', label, `label for="${label.htmlFor}" matches ${idCounts.get(label.htmlFor)} elements.`);
  }

  // aria-hidden-focus
  const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
  for (const hidden of document.querySelectorAll('[aria-hidden="true"]')) {
    const focusables = [...(hidden.matches(FOCUSABLE) ? [hidden] : []), ...hidden.querySelectorAll(FOCUSABLE)].filter((el) => el.getAttribute('tabindex') !== '-1' && el.getClientRects().length > 0);
    if (focusables.length) add('aria-hidden-focus', 'serious', focusables[0], 'A focusable element is inside aria-hidden="true": keyboard users reach something screen readers do not announce.');
  }
  // tabindex
  for (const el of document.querySelectorAll('[tabindex]')) {
    if (Number(el.getAttribute('tabindex')) > 0) add('tabindex', 'serious', el, 'Positive tabindex changes the tab order.');
  }

  // landmarks and headings
  const mains = [...document.querySelectorAll('main, [role="main"]')].filter((el) => !isHiddenFromAT(el));
  if (mains.length !== 1) add('landmark-one-main', 'serious', mains[1] ?? document.body, `The page has ${mains.length} main landmarks; it needs exactly one.`);
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(isVisible);
  const h1s = headings.filter((h) => h.localName === 'h1' || h.getAttribute('aria-level') === '1');
  if (h1s.length === 0) add('page-has-heading-one', 'serious', document.body, 'The page has no visible level-one heading.');
  let previous = 0;
  for (const heading of headings) {
    const level = heading.localName.startsWith('h') && heading.localName.length === 2 ? Number(heading.localName[1]) : Number(heading.getAttribute('aria-level') ?? 2);
    if (!accName(heading)) add('empty-heading', 'minor', heading, 'Heading has no text.');
    if (previous && level > previous + 1) add('heading-order', 'moderate', heading, `Heading level jumps from h${previous} to h${level}.`);
    previous = level;
  }

  // color-contrast
  const parse = (value) => {
    const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+%?))?\)/.exec(value);
    if (!m) return null;
    const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
  };
  const blend = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const luminance = ([r, g, b]) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  /** The colour behind an element, or null when an image or gradient makes it unknowable. */
  const backgroundOf = (el) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage && style.backgroundImage !== 'none') return null;
      const color = parse(style.backgroundColor);
      if (color && color[3] > 0) {
        layers.push(color);
        if (color[3] >= 1) break;
      }
    }
    let result = [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = blend(layer, result);
    return result;
  };
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !/\p{L}|\p{N}/u.test(node.textContent ?? '')) continue;
    seen.add(el);
    if (!isVisible(el) || ['script', 'style', 'noscript', 'option'].includes(el.localName)) continue;
    if (el.closest('button:disabled, input:disabled, [aria-disabled="true"]')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden (sr-only) text
    let opacity = 1;
    for (let n = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    if (opacity < 0.1) continue;
    const style = getComputedStyle(el);
    const fg = parse(style.color);
    const bg = backgroundOf(el);
    if (!fg || !bg) continue;
    const color = blend([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const l1 = luminance(color);
    const l2 = luminance(bg);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const needed = large ? 3 : 4.5;
    if (ratio + 0.005 < needed) add('color-contrast', 'serious', el, `Text contrast ${ratio.toFixed(2)}:1 is below ${needed}:1 (${style.color} on rgb(${bg.slice(0, 3).map(Math.round).join(', ')}), ${size}px).`);
  }
  /** Any CSS colour (oklch, color-mix…) as [r, g, b, alpha], read back from one painted pixel. */
  const painted = (value) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return null;
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = value;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  // color-contrast of placeholders: the hint of an empty box is text a user must read (issue 37).
  for (const box of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (!isVisible(box) || box.disabled || box.value || !box.placeholder.trim()) continue;
    const fg = parse(getComputedStyle(box, '::placeholder').color) ?? painted(getComputedStyle(box, '::placeholder').color);
    const bg = backgroundOf(box);
    if (!fg || !bg) continue;
    const ratio = (Math.max(luminance(blend(fg, bg)), luminance(bg)) + 0.05) / (Math.min(luminance(blend(fg, bg)), luminance(bg)) + 0.05);
    if (ratio + 0.005 < 4.5) add('color-contrast', 'serious', box, `Placeholder contrast ${ratio.toFixed(2)}:1 is below 4.5:1.`);
  }
  return violations;
}

/** Runs in the page: marks and lists every visible, enabled control that Tab should reach. */
function listTabbables() {
  const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
  const hidden = (el) => {
    for (let node = el; node; node = node.parentElement) {
      if (node.inert || node.hidden || node.getAttribute?.('aria-hidden') === 'true') return true;
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
    }
    return false;
  };
  const out = [];
  let index = 0;
  for (const el of document.querySelectorAll(selector)) {
    if (el.getAttribute('tabindex') === '-1' || hidden(el) || el.getClientRects().length === 0) continue;
    // Radio groups take one stop for the group.
    if (el.type === 'radio' && !el.checked && document.querySelector(`input[type="radio"][name="${CSS.escape(el.name)}"]:checked`)) continue;
    el.setAttribute('data-a11y-tab', String(index));
    out.push({ index, html: el.outerHTML.replace(/\s+/g, ' ').slice(0, 160) });
    index += 1;
  }
  return out;
}

const FOCUS_PROPS = ['outlineStyle', 'outlineWidth', 'outlineColor', 'boxShadow', 'borderColor', 'backgroundColor', 'color', 'textDecorationLine'];

/** Runs in the page: the focused element's marker and its focus-relevant styles. */
function focusedState(props) {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  return { tab: el.getAttribute('data-a11y-tab'), html: el.outerHTML.replace(/\s+/g, ' ').slice(0, 160), style: Object.fromEntries(props.map((p) => [p, style[p]])) };
}

/**
 * Presses Tab through the page: every visible control must be reached (keyboard-reachable) and
 * look different while focused (focus-visible). At most `limit` controls are walked.
 */
export async function keyboardAudit(page, { limit = 120 } = {}) {
  const violations = [];
  const tabbables = await page.evaluate(listTabbables);
  await page.evaluate(() => {
    document.activeElement?.blur?.();
    window.scrollTo(0, 0);
  });
  await page.locator('body').focus().catch(() => {});
  const reached = new Map();
  const wanted = Math.min(tabbables.length, limit);
  for (let press = 0; press < wanted + 10 && reached.size < wanted; press += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(focusedState, FOCUS_PROPS);
    if (!state) continue;
    if (state.tab !== null && reached.has(state.tab)) break; // wrapped around
    if (state.tab !== null) reached.set(state.tab, state);
  }
  await page.evaluate(() => document.activeElement?.blur?.());
  for (const [tab, focused] of reached) {
    const unfocused = await page.evaluate(
      ({ tab: index, props }) => {
        const el = document.querySelector(`[data-a11y-tab="${index}"]`);
        if (!el) return null;
        const style = getComputedStyle(el);
        return Object.fromEntries(props.map((p) => [p, style[p]]));
      },
      { tab, props: FOCUS_PROPS },
    );
    if (!unfocused) continue;
    const outline = focused.style.outlineStyle !== 'none' && parseFloat(focused.style.outlineWidth) > 0;
    const changed = FOCUS_PROPS.some((p) => focused.style[p] !== unfocused[p]);
    if (!outline && !changed) violations.push({ rule: 'focus-visible', impact: 'serious', target: `[data-a11y-tab="${tab}"]`, html: focused.html, message: 'Nothing changes when this control gets keyboard focus.' });
  }
  for (const item of tabbables.slice(0, wanted)) {
    if (!reached.has(String(item.index))) violations.push({ rule: 'keyboard-reachable', impact: 'serious', target: `[data-a11y-tab="${item.index}"]`, html: item.html, message: 'Tab never reaches this visible control.' });
  }
  return violations;
}

/** Every rule on the current page. */
export async function auditPage(page, options = {}) {
  // Colours are read from computed styles: a control still fading from its disabled look (a
  // CSS transition) would be measured half-way, so the page settles first.
  // Spinners and skeletons run for ever, so only finite ones are awaited, and never past 3 s.
  // The audit also asks for reduced motion (the site then fades in 0.01 ms), so a fade that starts
  // after the wait (a button re-enabled by a late answer) cannot be measured half-way either.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  const dom = await page.evaluate(domAudit);
  const keyboard = options.keyboard === false ? [] : await keyboardAudit(page, options);
  return [...dom, ...keyboard];
}

export const blocking = (violation) => violation.impact === 'serious' || violation.impact === 'critical';

/** One line per violation: where, which rule, what is wrong, and the element's HTML. */
export function formatViolations(label, violations) {
  return violations.map((v) => `  [${v.impact}] ${label} ${v.rule}: ${v.message}\n      at ${v.target}\n      ${v.html}`).join('\n');
}
