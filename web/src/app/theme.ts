/** Design tokens for styled-components. */
export const theme = {
  colors: {
    bg: '#ffffff',
    surface: '#f8fafc',
    surfaceAlt: '#eef2ff',
    text: '#0f172a',
    muted: '#475569',
    border: '#e2e8f0',
    primary: '#4f46e5',
    primaryHover: '#4338ca',
    primaryText: '#ffffff',
    accent: '#0ea5e9',
    danger: '#dc2626',
    success: '#15803d',
    warning: '#d97706',
    /** Category colours, in shades dark enough for small text on their own tint (WCAG AA, 4.5:1). */
    category: {
      Research: '#1d4ed8',
      'Product Launch': '#166534',
      Policy: '#b91c1c',
      Business: '#7e22ce',
      Tutorial: '#854d0e',
      Opinion: '#4338ca',
    } as Record<string, string>,
  },
  radius: { sm: '0.375rem', md: '0.5rem', lg: '0.75rem', full: '9999px' },
  shadow: { card: '0 1px 3px rgba(15, 23, 42, 0.08), 0 1px 2px rgba(15, 23, 42, 0.04)', raised: '0 10px 25px rgba(15, 23, 42, 0.12)' },
  /** The medium breakpoint: below it the header collapses into the mobile menu. */
  breakpoints: { sm: '640px', md: '768px', lg: '1024px' },
  maxWidth: '1200px',
  font: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
};
export type Theme = typeof theme;

const LEVEL_COLORS: Record<string, string> = { Beginner: '#166534', Intermediate: '#92400e', Advanced: '#b91c1c' };
/** Badge colour of a guide's difficulty level. */
export const levelColor = (level: string) => LEVEL_COLORS[level] ?? theme.colors.primary;

export const media = {
  md: `@media (min-width: ${theme.breakpoints.md})`,
  belowMd: `@media (max-width: calc(${theme.breakpoints.md} - 0.02px))`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
};
