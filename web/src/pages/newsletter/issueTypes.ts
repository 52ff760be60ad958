/** The archive API's shapes (E-shared.md contract) until newsletterIssues.ts lands. */
export interface NewsletterArchiveResponse {
  issues: { slug: string; number: number; subject: string; preheader: string; sentAt: string }[];
}
export interface NewsletterIssueResponse {
  issue: { slug: string; number: number; subject: string; preheader: string; intro: string; sentAt: string; html: string };
}
