import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function JobsPage() {
  return (
    <Container>
      <Seo title="JobsPage" />
      <PageHeading>JobsPage</PageHeading>
    </Container>
  );
}
