import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function EventsPage() {
  return (
    <Container>
      <Seo title="EventsPage" />
      <PageHeading>EventsPage</PageHeading>
    </Container>
  );
}
