/**
 * Build-time HTML is interactive before the app starts: someone may type into it. The app's
 * first render replaces those nodes, so what was typed (and the focus) is carried over to the
 * new fields by name, through the events React listens to. Values are read from the old nodes
 * only once the new ones exist, so typing during the render is not lost either.
 */
export function carryTypedInput(container: HTMLElement): () => void {
  const old = new Map<string, HTMLInputElement>();
  container.querySelectorAll<HTMLInputElement>('input[name]').forEach((input) => old.set(input.name, input));
  if (old.size === 0) return () => {};
  let focused = document.activeElement instanceof HTMLInputElement && old.has(document.activeElement.name) ? document.activeElement.name : null;
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLInputElement && old.get(event.target.name) === event.target) focused = event.target.name;
  };
  document.addEventListener('focusin', onFocus);

  return function restore() {
    let frames = 0;
    const fresh = (name: string) => {
      const input = container.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
      return input && input !== old.get(name) ? input : null;
    };
    const attempt = () => {
      if ([...old.keys()].some((name) => !fresh(name)) && frames++ < 240) {
        requestAnimationFrame(attempt);
        return;
      }
      document.removeEventListener('focusin', onFocus);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      for (const [name, input] of old) {
        const target = fresh(name);
        if (!target) continue;
        if (input.type === 'checkbox') {
          if (input.checked !== input.defaultChecked && target.checked !== input.checked) target.click();
        } else if (input.value !== '' && setValue) {
          setValue.call(target, input.value);
          target.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
      if (focused && old.get(focused) !== undefined) fresh(focused)?.focus();
    };
    requestAnimationFrame(attempt);
  };
}
