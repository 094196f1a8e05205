import { useEffect, useRef } from 'react';

/**
 * A ref for the heading of a step, stage or view: when `key` changes (not on the page's first showing), the heading
 * takes the focus, so keyboard and screen-reader users go on from the new step instead of the top of the page or a
 * button that has disappeared. The heading needs tabIndex={-1}.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}
