import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function EventDetailPage() {
  return (
    <Container>
      <Seo title="EventDetailPage" />
      <PageHeading>EventDetailPage</PageHeading>
    </Container>
  );
}
