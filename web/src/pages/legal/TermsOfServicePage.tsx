import { Link } from 'react-router-dom';
import { STATIC_PAGES } from '@neuralbeat/common/contracts/browser';
import { Seo } from '../../seo/Seo';
import { LegalLayout } from './LegalLayout';

const SECTIONS: [string, string][] = [
  [
    'Acceptance of Terms',
    'By accessing or using NeuralBeat you agree to these Terms of Service. If you do not agree, do not use the site.',
  ],
  [
    'Use of the Service',
    'You may use NeuralBeat for lawful, personal and professional purposes. You must not disrupt the service, scrape it at a harmful rate, or attempt to gain unauthorised access to any part of it.',
  ],
  [
    'User Accounts',
    'If you register, you are responsible for keeping your credentials confidential and for all activity under your account.',
  ],
  [
    'User Contributions',
    'When you submit content, such as a tool for the directory, you confirm you have the right to share it and grant us a licence to display it. We reserve the right to review, edit or remove any user contribution at our discretion.',
  ],
  [
    'Intellectual Property',
    'The site’s design, text and software belong to NeuralBeat or its licensors. News summaries link to and credit their original publishers, whose rights are reserved.',
  ],
  [
    'Third-Party Links',
    'The site links to third-party websites and tools. We are not responsible for their content, availability or practices.',
  ],
  [
    'Disclaimers',
    'Content is provided for information only and “as is”, without warranties of any kind. AI tools change quickly; verify details with their providers.',
  ],
  [
    'Limitation of Liability',
    'To the extent permitted by law, NeuralBeat is not liable for indirect or consequential damages arising from your use of the site.',
  ],
  ['Termination', 'We reserve the right to suspend or terminate access to the service for anyone who violates these terms.'],
  ['Governing Law', 'These terms are governed by the laws of the State of California, without regard to its conflict-of-law rules.'],
];

export default function TermsOfServicePage() {
  const meta = STATIC_PAGES['/terms-of-service'];
  return (
    <LegalLayout title="Terms of Service" updated="April 16, 2025">
      <Seo title={meta.title} description={meta.description} path="/terms-of-service" />
      {SECTIONS.map(([heading, text], i) => (
        <section key={heading}>
          <h2>
            {i + 1}. {heading}
          </h2>
          <p>{text}</p>
        </section>
      ))}
      <p>
        Questions about these terms? <Link to="/contact">Contact us</Link>.
      </p>
    </LegalLayout>
  );
}
