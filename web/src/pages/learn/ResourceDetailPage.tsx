import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function ResourceDetailPage() {
  return (
    <Container>
      <Seo title="ResourceDetailPage" />
      <PageHeading>ResourceDetailPage</PageHeading>
    </Container>
  );
}
