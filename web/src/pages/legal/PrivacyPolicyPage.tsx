import { Link } from 'react-router-dom';
import { STATIC_PAGES } from '@neuralbeat/common/contracts/browser';
import { Seo } from '../../seo/Seo';
import { siteConfig } from '../../app/siteConfig';
import { LegalLayout } from './LegalLayout';

export default function PrivacyPolicyPage() {
  const meta = STATIC_PAGES['/privacy-policy'];
  return (
    <LegalLayout title="Privacy Policy" updated="April 16, 2025">
      <Seo title={meta.title} description={meta.description} path="/privacy-policy" />
      <p>
        This policy explains what information NeuralBeat collects when you use our website, how we use it, and the choices you have. By
        using NeuralBeat you agree to the practices described here.
      </p>
      <h2 id="data-collected">1. Information We Collect</h2>
      <p>We collect information you give us directly:</p>
      <ul>
        <li>
          <strong>Newsletter:</strong> your email address when you subscribe.
        </li>
        <li>
          <strong>Contact form:</strong> your name, email address, subject and message.
        </li>
        <li>
          <strong>Account registration:</strong> a username and password if you register.
        </li>
        <li>
          <strong>Submitted content:</strong> the details of tools you submit to the directory.
        </li>
      </ul>
      <h2 id="usage-data">2. Usage Data</h2>
      <p>
        When you visit the site our servers record technical information such as your IP address, browser type, pages visited and the time
        of your visit. We use it to keep the service secure and to understand which content is useful.
      </p>
      <h2 id="cookies">3. Cookies</h2>
      <p>
        We use a small number of cookies: strictly necessary cookies that keep the site working (for example a session cookie when you sign
        in) and, where you allow it, analytics cookies that tell us how the site is used. You can block or delete cookies in your browser
        settings; some features may then not work.
      </p>
      <h2 id="use">4. How We Use Your Information</h2>
      <p>
        We use your information to provide and improve the service, send the newsletter you asked for, answer your messages, review tool
        submissions, and protect the site against abuse. We do not sell your personal information.
      </p>
      <h2 id="disclosure">5. Disclosure</h2>
      <p>
        We share information only with service providers who help us run the site (such as hosting and email delivery) under contracts that
        protect it, or when the law requires it.
      </p>
      <h2 id="security">6. Security</h2>
      <p>
        We use reasonable technical and organisational measures to protect your information. No method of transmission or storage is
        completely secure, so we cannot guarantee absolute security.
      </p>
      <h2 id="data-rights">7. Your Data Protection Rights (GDPR)</h2>
      <p>
        Depending on where you live you may have the right to access, correct, delete or export your personal data, to object to or restrict
        its processing, and to withdraw consent at any time. To exercise these rights, email{' '}
        <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>. You can unsubscribe from the newsletter with the link
        in every issue.
      </p>
      <h2 id="children">8. Children's Privacy</h2>
      <p>NeuralBeat is not intended for children under 13, and we do not knowingly collect personal information from them.</p>
      <h2 id="changes">9. Changes to This Policy</h2>
      <p>
        We may update this policy; the date at the top shows the latest revision. Questions? <Link to="/contact">Contact us</Link>.
      </p>
    </LegalLayout>
  );
}
