/**
 * Titles and descriptions of the fixed pages, shared by the web app (client
 * head tags) and the gateway (the HTML crawlers read), so both say the same.
 */
export interface StaticPageMeta {
  title?: string;
  description: string;
  noindex?: boolean;
}

export const STATIC_PAGES: Record<string, StaticPageMeta> = {
  '/': { description: 'Your trusted source for the latest AI news, tools, and resources — all in one place.' },
  '/news': {
    title: 'Latest AI News',
    description:
      'The latest artificial intelligence news: research, product launches, policy and business, credited to the original sources.',
  },
  '/directory': {
    title: 'AI Tools Directory',
    description:
      'Discover AI tools by category: content creation, image generation, development, chatbots, computer vision, data analytics, NLP and no-code AI.',
  },
  '/learn': {
    title: 'Learn AI',
    description: 'Guides and tutorials on AI basics, machine learning, deep learning, NLP, computer vision and AI ethics for every level.',
  },
  '/events': { title: 'AI Events', description: 'Upcoming and past AI conferences, summits and meetups around the world.' },
  '/jobs': {
    title: 'AI Jobs',
    description: 'Jobs in artificial intelligence and machine learning: full-time, part-time and contract, remote and on-site.',
  },
  '/about': {
    title: 'About Us',
    description: 'NeuralBeat gathers AI news, tools, learning resources, events and jobs for professionals and newcomers alike.',
  },
  '/contact': {
    title: 'Contact Us',
    description: 'Get in touch with the NeuralBeat team. We typically respond within 24-48 business hours.',
  },
  '/newsletter': {
    title: 'Newsletter',
    description: 'Subscribe to the NeuralBeat weekly AI news digest, tool recommendations and exclusive insights.',
  },
  '/newsletter/archive': {
    title: 'Newsletter Archive',
    description: 'Every issue of the NeuralBeat weekly AI newsletter: the top stories, new tools, events and jobs of each week.',
  },
  '/newsletter/confirm': {
    title: 'Confirm Your Subscription',
    description: 'Confirm your subscription to the NeuralBeat newsletter.',
    noindex: true,
  },
  '/newsletter/unsubscribe': {
    title: 'Unsubscribe',
    description: 'Unsubscribe from the NeuralBeat newsletter.',
    noindex: true,
  },
  '/privacy-policy': { title: 'Privacy Policy', description: 'How NeuralBeat collects, uses and protects your information.' },
  '/terms-of-service': { title: 'Terms of Service', description: 'The terms that govern your use of NeuralBeat.' },
  '/submit-tool': {
    title: 'Submit Your AI Tool',
    description: 'Submit an AI tool to the NeuralBeat directory. Submissions are reviewed within 2-3 business days.',
  },
  '/search': { title: 'Search', description: 'Search AI news, tools, guides, events and jobs on NeuralBeat.' },
  '/ai-stats': {
    title: 'AI Content Statistics',
    description: 'How NeuralBeat news is produced: AI providers, SEO optimisation and processing status.',
    noindex: true,
  },
};

/** A job that closed (gone from its board, or past its age): its page answers 410 with this notice and no JobPosting data. */
export const JOB_CLOSED_PAGE: StaticPageMeta & { notice: string } = {
  title: 'Job No Longer Open',
  description: 'This job is no longer open. Browse the open AI jobs on NeuralBeat.',
  noindex: true,
  notice: 'This job is no longer open.',
};

export const NOT_FOUND_PAGE: StaticPageMeta = {
  title: 'Page Not Found',
  description: 'The page you are looking for does not exist.',
  noindex: true,
};
