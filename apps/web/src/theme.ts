import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A deeper blue than Mantine's default, so white text on filled buttons passes WCAG AA (4.5:1).
const brand: MantineColorsTuple = [
  '#e7f1fc',
  '#cfe0f6',
  '#9ec0ec',
  '#699ee2',
  '#3e81da',
  '#236fd5',
  '#0b5cad',
  '#0a4f95',
  '#08437e',
  '#053666',
];

// Mantine's red from shade 6 on is too light for white text (#fa5252: 3.3:1): filled red buttons (delete,
// leave without saving), badges and alert titles use shade 6, so shades 6–9 are deepened to pass 4.5:1
// (#d32f2f: 5.0:1 on white, 4.7:1 on the light-variant background).
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#d32f2f',
  '#c62828',
  '#b71c1c',
  '#9a1717',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand, red },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'md',
  components: {
    // Close buttons are icon-only: give every notification and modal a Portuguese accessible name (axe
    // button-name), so no call site can forget it. Plain objects rather than Modal.extend(): importing the
    // components here would pull them into the landing page's bundle.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar notificação' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    // A scrolling table clips what is absolutely positioned inside it only if it is that content's containing
    // block: a header's VisuallyHidden label ("Ações") otherwise escaped it and made a 360 px page scroll 3 px
    // sideways (the versions table, e2e/collaboration.spec.ts).
    TableScrollContainer: { styles: { scrollContainer: { position: 'relative' } } },
  },
});
