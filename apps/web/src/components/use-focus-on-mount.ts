import { useCallback } from 'react';

/**
 * A ref that focuses its input once when `autoFocus` is set, then calls `onAutoFocused` (the blocks and items
 * editors: a row just added by hand takes the focus, a row already there does not).
 */
export function useFocusOnMount(autoFocus: boolean, onAutoFocused: () => void) {
  return useCallback(
    (node: HTMLInputElement | null) => {
      if (!node || !autoFocus) return;
      node.focus();
      onAutoFocused();
    },
    [autoFocus, onAutoFocused],
  );
}
