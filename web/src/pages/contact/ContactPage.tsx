import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function ContactPage() {
  return (
    <Container>
      <Seo title="ContactPage" />
      <PageHeading>ContactPage</PageHeading>
    </Container>
  );
}
