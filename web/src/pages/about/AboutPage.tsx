import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function AboutPage() {
  return (
    <Container>
      <Seo title="AboutPage" />
      <PageHeading>AboutPage</PageHeading>
    </Container>
  );
}
