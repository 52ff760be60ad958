/**
 * Marks of the four social networks in the header, drawn in SVG so that no
 * glyph depends on the visitor's fonts. Simplified shapes in currentColor.
 */
const common = { width: 16, height: 16, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const SOCIAL_ICONS = {
  facebook: () => (
    <svg {...common} fill="currentColor">
      <path d="M14 8.5V6.8c0-.8.5-1.3 1.4-1.3H17V2.2C16.6 2.1 15.4 2 14.3 2 11.6 2 10 3.6 10 6.4v2.1H7v3.7h3V22h4v-9.8h3.1l.5-3.7H14z" />
    </svg>
  ),
  x: () => (
    <svg {...common} fill="currentColor">
      <path d="M17.8 2.5h3.3l-7.2 8.2 8.5 10.8h-6.6l-5.2-6.7-5.9 6.7H1.4l7.7-8.8L1 2.5h6.8l4.7 6.2 5.3-6.2zm-1.2 17.1h1.8L6.7 4.3H4.7l11.9 15.3z" />
    </svg>
  ),
  instagram: () => (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  ),
  linkedin: () => (
    <svg {...common} fill="currentColor">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3V9.5zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4V9.5z" />
    </svg>
  ),
};
