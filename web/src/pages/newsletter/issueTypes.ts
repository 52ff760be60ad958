/** The archive API's shapes (E-shared.md contract) until newsletterIssues.ts lands. */
export interface NewsletterArchiveResponse {
  issues: { slug: string; number: number; subject: string; preheader: string; sentAt: string }[];
}
export interface NewsletterSection {
  kind: 'news' | 'tools' | 'events' | 'jobs';
  title: string;
  items: { id: number; title: string; url: string; summary: string; outlets?: number }[];
}
export interface NewsletterArchiveIssueResponse {
  issue: {
    slug: string;
    number: number;
    subject: string;
    preheader: string;
    intro: string;
    sentAt: string;
    html: string;
    sections: NewsletterSection[];
  };
}
