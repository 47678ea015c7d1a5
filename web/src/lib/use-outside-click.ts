import { useEffect, type RefObject } from 'react';

/** While `active`, a mouse press outside `root` calls `onOutside` (menus and dropdowns close). */
export function useOutsideClick(root: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onPress = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) onOutside();
    };
    document.addEventListener('mousedown', onPress);
    return () => document.removeEventListener('mousedown', onPress);
  }, [root, active, onOutside]);
}
