import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function JobDetailPage() {
  return (
    <Container>
      <Seo title="JobDetailPage" />
      <PageHeading>JobDetailPage</PageHeading>
    </Container>
  );
}
