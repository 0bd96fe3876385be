/** Mantine's modal close button has an icon only: give it a pt-PT name for screen readers. */
export const CLOSE_BUTTON_PROPS = { 'aria-label': 'Fechar' } as const;
