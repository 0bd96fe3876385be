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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'md',
});
