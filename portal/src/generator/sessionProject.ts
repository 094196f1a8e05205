/**
 * The book a generator page is on, kept in session storage so a reload picks it up: the one My Books' Resume names
 * (?project=), else the one this tab was on.
 */
export function openedProject(storageKey: string): string | null {
  const named = new URLSearchParams(window.location.search).get('project');
  if (named) sessionStorage.setItem(storageKey, named);
  return sessionStorage.getItem(storageKey);
}
