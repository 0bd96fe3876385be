/** The organization's default brand colour (docs/product.md#organizations-and-tenancy). */
export const DEFAULT_BRAND_COLOR = '#007bff';

/** The organization colour when it is a valid #RRGGBB, else the default: it is written into CSS. */
export function safeHexColor(value: string | null | undefined): string {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : DEFAULT_BRAND_COLOR;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const channel = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * The organization colour may carry text (filled buttons with white labels, links on white) only when it
 * reaches WCAG AA 4.5:1 against white; otherwise the theme's brand shade does and the organization colour
 * stays decoration (the accent bar). Returns the colour to use for actions, or undefined for the theme's.
 */
export function actionColor(orgColor: string): string | undefined {
  return contrastRatio(orgColor, '#ffffff') >= 4.5 ? orgColor : undefined;
}
