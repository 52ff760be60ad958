/** Runtime site settings the gateway writes into the page (`#site-config`), with local defaults. */
export interface SiteConfig {
  siteUrl: string;
  contactEmail: string;
  social: { facebook: string; x: string; instagram: string; linkedin: string };
}

const DEFAULTS: SiteConfig = {
  siteUrl: typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8080',
  contactEmail: 'hello@neuralbeat.example',
  social: {
    facebook: 'https://www.facebook.com/neuralbeat',
    x: 'https://x.com/neuralbeat',
    instagram: 'https://www.instagram.com/neuralbeat',
    linkedin: 'https://www.linkedin.com/company/neuralbeat',
  },
};

function readSiteConfig(): SiteConfig {
  const el = typeof document !== 'undefined' ? document.getElementById('site-config') : null;
  if (!el?.textContent) return DEFAULTS;
  try {
    const parsed = JSON.parse(el.textContent) as Partial<SiteConfig>;
    return { ...DEFAULTS, ...parsed, social: { ...DEFAULTS.social, ...parsed.social } };
  } catch {
    return DEFAULTS;
  }
}

export const siteConfig = readSiteConfig();
export const SITE_NAME = 'NeuralBeat';
export const SITE_TITLE = 'NeuralBeat | AI News and Directory';
export const DEFAULT_DESCRIPTION = 'Your trusted source for the latest AI news, tools, and resources — all in one place.';
export const DEFAULT_OG_IMAGE = '/images/og-image.png';
export const THEME_COLOR = '#4f46e5';
