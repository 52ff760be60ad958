import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function NewsletterPage() {
  return (
    <Container>
      <Seo title="NewsletterPage" />
      <PageHeading>NewsletterPage</PageHeading>
    </Container>
  );
}
